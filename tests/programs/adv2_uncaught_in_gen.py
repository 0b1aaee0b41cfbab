def g():
    for i in range(5):
        if i == 3:
            raise ValueError("gen failed at %d" % i)
        yield i
for v in g():
    print(v)
