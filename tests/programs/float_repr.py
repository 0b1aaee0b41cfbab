# Float repr/str across many values and exponent boundaries.
vals = [0.0, -0.0, 1.0, -1.0, 0.1, 0.2, 0.1 + 0.2, 1 / 3, 2 / 3, 0.1 * 3, 1.5, 100.0, 1e15, 1e16, 1e17,
        123456789012345.6, 1234567890123456.7, 1e-4, 1e-5, 0.0001234, 0.00001234, 1.5e-7, 1e22, 1e23,
        9007199254740993.0, 5e-324, 1.7976931348623157e308, 2.2250738585072014e-308, 3.141592653589793,
        2.718281828459045, 1e100, 1.0e-100, 12345.6789, 0.5, 0.25, 0.125, 1 / 7, 22 / 7, 100 / 3,
        123456789.0 * 1e10, 999999999999999.9, 9999999999999998.0, 0.30000000000000004]
for v in vals:
    print(repr(v), str(v), v)
print(float("1e308") * 10, -float("1e308") * 10, float("inf") - float("inf"))
inf = float("inf")
nan = float("nan")
print(inf, -inf, nan, [inf, nan, -0.0], (1e16,), {"f": 1e-5})
s = 0.0
for i in range(10):
    s += 0.1
print(s, s == 1.0)
s = 0.0
for i in range(10000):
    s += 0.1
print(s)
x = 1.0
for i in range(40):
    x *= 10
    print(x, end=" ")
print()
x = 1.0
for i in range(30):
    x /= 10
    print(x, end=" ")
print()
y = 1.0
for i in range(60):
    y = y * 2.5
print(y)
print(1e16 - 1, 1e16 + 1, 2.0 ** 53, 2.0 ** 53 + 1, 2.0 ** 63, 2.0 ** 64, -2.0 ** 70)
print(0.1 + 0.7, 4.35 * 100, 1.1 * 1.1, 3 * 1.1, 0.1 ** 2, 1 - 0.9, 100 * 1.1)
