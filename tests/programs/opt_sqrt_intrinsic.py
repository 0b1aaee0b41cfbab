# promote_globals turns a hot math.sqrt(x) into _CALL_BUILTIN_SQRT, which deopts for what
# the builtin converts or rejects: ints, bools, negative floats (ValueError from tier 1, on
# the right line), and keeps NaN, -0.0 and infinity exact.
import math
from math import sqrt


def roots(xs):
    total = 0.0
    out = []
    for x in xs:
        r = math.sqrt(x)
        total += r
        out.append(r)
    return total, out


def direct(xs):
    total = 0.0
    for x in xs:
        total += sqrt(x)
    return total


floats = [float(i) * 0.5 for i in range(3000)]
print(roots(floats)[0], direct(floats))
mixed = [2.25] * 1500 + [9, True, 16.0, -0.0, float("inf")] + [0.25] * 1500
t, out = roots(mixed)
print(t, out[1499:1505])
nan = roots([1.0] * 1000 + [float("nan")] + [4.0] * 10)[1]
print(nan[999:1002], math.copysign(1.0, roots([-0.0])[1][0]))
try:
    roots([4.0] * 2000 + [-1.0])
except ValueError as e:
    print("ValueError", e)


def caught(xs):
    bad = 0
    total = 0.0
    for x in xs:
        try:
            total += math.sqrt(x)
        except ValueError:
            bad += 1
    return total, bad


print(caught([1.0, -1.0] * 1500))
