for i in range(10000):
    print(i, i * i, "x" * (i % 7), sep="|")
