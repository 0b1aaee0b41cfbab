# Uncaught StopIteration from next() on an exhausted iterator.
it = iter([1, 2, 3])
print(next(it))
print(next(it))
print(next(it))
print(next(it, "default"))
print(next(it))
