# Float arithmetic, accumulation, and numeric algorithms.
def sqrt_newton(x):
    g = x / 2 if x > 1 else 1.0
    for _ in range(60):
        g = (g + x / g) / 2
    return g
for v in [2, 3, 10, 1e10, 0.25, 12345.678]:
    print(v, sqrt_newton(v))
def integrate(f, a, b, n):
    h = (b - a) / n
    s = 0.5 * (f(a) + f(b))
    for i in range(1, n):
        s += f(a + i * h)
    return s * h
print(integrate(lambda x: x * x, 0, 1, 10000))
print(integrate(lambda x: 1 / (1 + x * x), 0, 1, 5000) * 4)
pi = 0.0
for k in range(20000):
    pi += (-1) ** k / (2 * k + 1)
print(pi * 4)
e = 0.0
term = 1.0
for k in range(1, 25):
    e += term
    term /= k
print(e)
kahan_sum = 0.0
c = 0.0
naive = 0.0
for i in range(10000):
    v = 0.1
    naive += v
    y = v - c
    t = kahan_sum + y
    c = (t - kahan_sum) - y
    kahan_sum = t
print(naive, kahan_sum)
x = 0.0
for i in range(1000):
    x = x * 0.99 + 1.0
print(x)
print(7.0 // 2, 7.5 % 2, -7.5 // 2, 2.0 ** 0.5, 10.0 / 4, 1e308 + 1e308, -1e308 * 10)
print(0.1 + 0.2 == 0.3, abs(0.1 + 0.2 - 0.3) < 1e-15, 1e16 + 1.0 == 1e16)
vals = [i * 0.37 for i in range(100)]
print(sum(vals), max(vals), min(vals), sum(vals) / len(vals))
