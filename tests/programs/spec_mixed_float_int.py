# Specialized mixed arithmetic (BINARY_OP_FLOAT_INT, BINARY_OP_INT_FLOAT and
# BINARY_OP_TRUE_DIVIDE_INT): + - * / of a float and a small int either way round, int / int,
# in-place forms, zero divisors (the deopt raises the generic error), ints past 2**53 (deopt),
# signed zeros, infinities and NaN; loops long enough for traces at low thresholds.
def f(n):
    t = 0.0
    for i in range(n):
        t += i * 0.5
        t = t - i
        t = 2 * t / 3
        t += 1.5 + i
        t = i - t
        t -= i / 7
        t = 3 - t
        t *= 1
    return t

print(f(100), f(1000))

def g(n):
    s = 0.0
    for i in range(1, n):
        s += 1.0 / ((i + 2) * (i + 3) / 2 + i + 1)
        s += i / (i + 1)
    return s
print(g(500))

def h(vals):
    out = []
    for a, b in vals:
        try:
            out.append(a / b)
        except ZeroDivisionError as e:
            out.append(str(e))
        try:
            out.append(b / a)
        except ZeroDivisionError as e:
            out.append(str(e))
    return out
data = [(1.5, 2), (3, 0.0), (0, 2.5), (2**60, 3), (3, 2**60), (7, 0), (0.0, 0), (-0.0, 0), (10**20, 3), (2**53 + 1, 1), (-2**53 - 1, 3), (5, -2)]
for _ in range(40):
    r = h(data)
print(r)
def k(vals):
    out = []
    for a, b in vals:
        out.append((a + b, a - b, a * b, b - a))
    return out
data2 = [(1.5, 2), (2**62, 0.5), (-3, 1e300), (7, float('inf')), (float('nan'), 3), (-0.0, 0), (0, -0.0), (1, True), (2.5, 2**70)]
for _ in range(40):
    r = k(data2)
print(r)
x = 0.1
for i in range(100):
    x = x * 3 - i
    x = i + x / 4
print(x, 7 / 2, -7 / 2, 1 / 3, (2**53) / 3, (2**53 + 1) / 3)
