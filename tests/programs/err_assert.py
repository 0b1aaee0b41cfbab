# Uncaught AssertionError with a message.
def check(xs):
    for i, x in enumerate(xs):
        assert x >= 0, "negative value at index %d: %d" % (i, x)
    return sum(xs)
print(check([1, 2, 3]))
print(check(list(range(1000))))
print(check([5, 6, -7, 8]))
