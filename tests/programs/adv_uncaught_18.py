def g():
    yield 1
    raise StopIteration
list(g())
