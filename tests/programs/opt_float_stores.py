# fuse_float_stores turns a float operation and the STORE_FAST of its result into one uop
# that writes into the local's old float box when nothing else holds it. What must hold: a
# box another name, a list or a closure still holds keeps its value; a local that held an
# int, a str, a bool or nothing is replaced; `x = x * y` and `x = y * x` read x
# first; a zero divisor raises ZeroDivisionError on its line; -0.0, inf and nan stay exact.
import math


def kept(n):
    out = []
    x = 0.5
    for i in range(n):
        a = float(i)
        x = a * 1.5
        if i % 100 == 0:
            out.append(x)  # the list holds this box: the next store must not write into it
        y = x
        x = a + 0.25
        if y == x:
            out.append("aliased")
    return out[:5], out[-1], len(out)


print(kept(1000))


def replaced(n):
    vals = [7, "s", True, None, 3.5]
    t = 0.0
    for i in range(n):
        x = vals[i % 5]
        b = float(i)
        x = b - 0.5
        t += x
    return t


print(replaced(1000))


def self_ops(n):
    x = 1.0
    y = 3.0
    for i in range(n):
        x = x * 1.0001
        y = 2.0 / y
        x = y - x
        x = x + y
    return x, y


print(self_ops(2000))


def closure(n):
    z = 0.0
    grab = lambda: z  # noqa: E731
    seen = []
    for i in range(n):
        w = float(i)
        z = w * 2.0
        if i % 250 == 0:
            seen.append(grab())
    return seen, z


print(closure(1000))


def specials(xs):
    out = []
    for v in xs:
        a = v * -1.0
        b = v / 3.0
        c = a - a
        out.append((a, b, c))
    return out


print(specials([0.0] * 500 + [-0.0, math.inf, -math.inf, math.nan, 1e308])[-6:])


def divide(ds):
    acc = 0.0
    for d in ds:
        q = 1.0 / d
        acc += q
    return acc


print(divide([2.0] * 2000))
try:
    divide([4.0] * 2000 + [0.0])
except ZeroDivisionError as e:
    print("ZeroDivisionError", e)


def mixed(n):
    x = 0.0
    for i in range(n):
        x = x + 1.0
        if i == n // 2:
            x = i  # an int now: the next store must replace it, not write into it
        x = x * 1.0
    return x, type(x).__name__


print(mixed(3000))
divide([1.0] * 2000 + [0.0])
