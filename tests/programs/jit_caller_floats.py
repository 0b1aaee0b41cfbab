# Floats that a caller keeps in registers across the plain calls it makes
# (:caller-floats:): `acc` in `acc += f(x) * y`, as a float local and as a float
# on the caller's stack below the call. The callees leave in every way there is
# (side exits and deopts on a type change, exceptions caught in the callee and
# in the caller, recursion, calls that escape to the runtime, an uncaught error
# at the end), and the caller's floats must come out exact each time.


def entry(i, j):
    s = i + j
    return 1.0 / ((s * (s + 1) >> 1) + i + 1)


def maybe(i):
    if i % 7 == 3:
        return i
    return i * 0.5


def risky(i):
    if i % 11 == 5:
        raise ValueError(i)
    return i * 0.25


def catches(i):
    try:
        if i % 13 == 4:
            raise KeyError(i)
        return 2.0
    except KeyError:
        return 3.0


def deep(n):
    if n == 0:
        return 1.0
    return 0.5 + deep(n - 1) * 0.5


def escapes(i):
    s = str(i) + "." + str(i % 3)
    return float(s) + len(s)


def many_locals(a, b):
    c = a + b
    d = c * 2
    e = d - a
    f = e + 1
    g = f * 0.5
    h = g + c
    k = h - d
    m = k + e
    n = m * 0.25
    o = n + f
    p = o - g
    q = p + h
    r = q * 0.125
    s = r + k
    t = s - m
    u = t + n
    v = u * 0.5
    return v + o + p + q


def sum_products(n):
    acc = 0.0
    for i in range(n):
        for j in range(n):
            acc += entry(i, j) * 1.5
    return acc


def with_type_changes(n):
    acc = 0.0
    t = 1.0
    for i in range(n):
        t = t * 1.0001
        acc += maybe(i) * t
    return acc, t


def caught_in_caller(n):
    acc = 0.0
    errs = 0
    for i in range(n):
        try:
            acc += risky(i) * 2.0
        except ValueError:
            errs += 1
            acc -= 0.5
    return acc, errs


def caught_in_callee(n):
    acc = 0.0
    for i in range(n):
        acc += 1.5 * catches(i)
    return acc


def recursive(n):
    acc = 0.0
    for i in range(n):
        acc = acc * 0.5 + deep(i % 5)
    return acc


def two_floats_below(n):
    x = 0.0
    for i in range(n):
        x = x + (0.25 * 2.0 + maybe(i) * (1.0 + entry(i, 1)))
    return x


def escaping_callee(n):
    acc = 0.0
    for i in range(n):
        acc += escapes(i) * 0.5
    return acc


def big_callee(n):
    acc = 0.0
    for i in range(n):
        acc += many_locals(i, 0.5) * 0.001
    return acc


def late(i):
    if i == 2500:
        raise OverflowError("late " + str(i))
    return i * 0.75


def final(n):
    acc = 0.0
    for i in range(n):
        acc += late(i) * 1.0
    return acc


print(sum_products(70))
print(with_type_changes(3000))
print(caught_in_caller(3000))
print(caught_in_callee(3000))
print(recursive(3000))
print(two_floats_below(3000))
print(escaping_callee(3000))
print(big_callee(3000))
print(final(3000))
