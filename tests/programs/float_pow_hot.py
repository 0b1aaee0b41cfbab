# `**` on floats in hot loops (BINARY_OP_POWER_FLOAT, and `**` in BINARY_OP_FLOAT_INT and
# BINARY_OP_INT_FLOAT): the specialized forms answer what CPython's float_pow answers without
# raising, and leave everything else (zero, infinite or NaN operands, overflow, a negative
# base) to the generic path, which must then give CPython's result or error.
import math


def powers(xs, ys):
    out = []
    for x in xs:
        for y in ys:
            try:
                out.append(x ** y)
            except ZeroDivisionError as e:
                out.append("ZeroDivisionError: " + str(e))
            except OverflowError as e:
                out.append("OverflowError: " + str(e))
    return out


def show(vals):
    for v in vals:
        print(v if isinstance(v, str) else repr(v))


# Hot float ** float with a positive base first, then the special cases at the same site.
acc = 0.0
for i in range(1, 3000):
    acc += (i * 0.5) ** -1.5 + (i / 7.0) ** 0.5
print(repr(acc))
show(powers([2.0, 0.5, 1.0, 0.0, -0.0, math.inf, -math.inf, math.nan, 1e300],
            [2.0, 3.0, -1.0, 0.5, -0.5, 0.0, -0.0, math.inf, -math.inf, math.nan, 1e10]))
# A negative base with an integral exponent (a fractional one gives a complex, which this
# runtime does not have).
show(powers([-2.0, -0.5, -1.0, -1e300], [2.0, 3.0, -1.0, -2.0, 0.0, 1e10, 1e10 + 1, math.inf, -math.inf]))

# float ** int (`x ** 2`, chaos's norms) and int ** float, hot, with negative bases.
t = 0.0
for i in range(-1500, 1500):
    x = i * 0.25
    t += x ** 2 + x ** 3 - 2 ** (x / 1000.0)
print(repr(t))
show(powers([2.5, -2.5, 0.0, -0.0, 1.5, math.inf, -math.inf, math.nan], [0, 1, 2, 3, -1, -2, 100000, 2 ** 60]))
show(powers([2, 0, 1, 10], [0.5, -0.5, 2.0, -1.0, 1000.0, math.inf, math.nan]))
show(powers([-2, -3], [2.0, -1.0, 3.0, 1000.0, math.inf]))

# In place, and a loop whose exponent overflows on the last passes.
v = 1.0001
for _ in range(100):
    v **= 1.5
    if v > 1e200:
        break
print(repr(v))
big = []
for k in range(1, 400):
    try:
        big.append(10.0 ** (k * 1.0))
    except OverflowError as e:
        big.append(str(e))
print(big[300], big[-1], len(big))


# A function whose exponent is a float local: the loop's trace keeps it unboxed.
def norm(vs, p):
    s = 0.0
    for v in vs:
        s += abs(v) ** p
    return s ** (1.0 / p)


vs = [i * 0.01 - 3.0 for i in range(600)]
print(repr(norm(vs, 2.0)), repr(norm(vs, 3.0)), repr(norm(vs, 0.5)))
