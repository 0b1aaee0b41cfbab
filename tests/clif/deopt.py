# An index that goes out of range deopts (no side exit of its own).
def f(xs, n):
    t = 0
    i = 0
    while i < n:
        t += xs[i % 7]
        i += 1
    return t
print(f([1, 2, 3, 4, 5, 6, 7], 200))
