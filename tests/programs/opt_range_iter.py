# promote_globals turns a hot `for j in range(...)` (CALL of the range type, then GET_ITER)
# into _CALL_RANGE_ITER, which makes the iterator from small ints and deopts for anything
# else: big ints, bools, floats (TypeError from tier 1, on the right line), objects with
# __index__, and a `range` that is not the builtin any more.
import sys


def triangle(n):
    total = 0
    for i in range(n):
        for j in range(i + 1, n):
            total += i * j
        for k in range(i):
            total -= k
    return total


print(triangle(200))


def spans(pairs):
    out = []
    for a, b in pairs:
        s = 0
        for x in range(a, b):
            s += x
        out.append(s)
    return out


big = 2**70
pairs = [(i, i + 5) for i in range(1500)]
pairs += [(3, 1), (-5, 5), (0, 0), (True, 4), (big, big + 3), (-big - 2, -big)]
pairs += [(sys.maxsize - 2, sys.maxsize + 1), (-(2**62) - 1, -(2**62) + 2), (2**62 - 2, 2**62 + 1)]
pairs += [(i, i + 5) for i in range(1500)]
print(sum(spans(pairs)), spans(pairs)[1500:1509])


class Index:
    def __init__(self, v):
        self.v = v

    def __index__(self):
        return self.v


def counts(stops):
    n = 0
    for stop in stops:
        for _ in range(stop):
            n += 1
    return n


print(counts([3] * 2000 + [Index(4), False, -3, 2]))
try:
    counts([2] * 2000 + [2.5])
except TypeError as e:
    print("TypeError", e)


def loop_with_step(n):
    t = 0
    for i in range(n):
        for j in range(0, i, 3):
            t += j
    return t


print(loop_with_step(300))


def kept_range(n):
    # The range object is used before it is iterated: no fusion.
    t = 0
    for i in range(n):
        r = range(i)
        t += len(r)
        for j in r:
            t += j
    return t


print(kept_range(300))


def shadowed(n):
    t = 0
    for i in range(n):
        for j in range(2):
            t += j
    return t


print(shadowed(3000))
range = lambda *a: [len(a)] * 2  # noqa: E731
print(shadowed(50))
del range
print(shadowed(3000))
