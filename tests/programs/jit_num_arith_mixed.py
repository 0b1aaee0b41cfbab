# Arithmetic at sites that see both ints and floats (`_BINARY_OP_NUM`): two small
# ints, an int and a float either way round, two floats, results that leave the
# small-int range, bools and big ints (which leave the fast path), and the float
# corner cases (-0.0, inf, nan).
import math


def scale(k, v):
    return k * v


def mix(xs):
    acc = 0
    prod = 1
    diff = 0
    for x in xs:
        acc = acc + x
        prod = scale(prod, x) if abs(prod) < 1e12 else 1
        diff = diff - x
    return acc, prod, diff


def grow(n):
    # Past 2**62 the int result no longer fits a small int.
    v = 3
    out = []
    for i in range(n):
        v = v * 7 if i % 40 else 3
        w = v + 0.5 if i % 5 == 0 else v + 1
        out.append(w)
    return out[-3:], len(out)


def corners():
    vals = [0, -0.0, 1, 2.5, float("inf"), -3, float("nan"), True, 2 ** 70, False, 7.25]
    res = []
    for _ in range(300):
        for a in vals:
            for b in (1, 0.5, -0.0, 3):
                s = a + b
                d = a - b
                m = a * b
                res.append((s, d, m))
    return [r for r in res[-44:] if not any(isinstance(x, float) and math.isnan(x) for x in r)], len(res)


xs = [i if i % 3 else i * 0.25 for i in range(1, 4000)]
print(mix(xs))
print(grow(3000))
print(corners())
print(mix([1, 2.0, 3, 4.5] * 1000))
