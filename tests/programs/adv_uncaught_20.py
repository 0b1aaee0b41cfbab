def gen():
    yield 1
    raise ValueError("from generator")
for x in gen():
    print(x)
