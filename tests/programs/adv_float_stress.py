seed = 12345
out = []
for i in range(400):
    seed = (seed * 1103515245 + 12345) % 2**31
    e = (seed % 60) - 30
    v = (seed / 2**31) * 10.0 ** e
    out.append(repr(v))
    out.append(repr(-v * 3.7))
print(" ".join(out[:40]))
print(hash(tuple(out)) if False else len("".join(out)))
print("".join(out)[-300:])
big = [2**53 + 1, 2**64 - 1, 2**63 + 2**10 + 1, 10**22 + 1, 3**40, 2**1023 * 1, 12345678901234567890123]
print([float(b) for b in big])
print([b / 3 for b in big], 10**30 / 10**10, (2**64 + 1) / 2, 1 / 3, 2**100 / 2**99, 10**400 // 10**399 / 7)
print(float("1.7976931348623157e308"), float("  -1.5e-3 "), float("inf"), float("-Infinity"), float("1_000.5"), float(".5"), float("5."))
print(0.1 + 0.2 == 0.3, abs(0.1 + 0.2 - 0.3) < 1e-15, 1e-320, 5e-324 / 2, 2.0 ** -1074, 2.0 ** 1023 * 2)
acc = 0.0
for i in range(1, 100001):
    acc += 1.0 / (i * i)
print(acc, (acc * 6) ** 0.5)
x = 1.0
for i in range(1100):
    x /= 2
print(x)
y = 1.0
for i in range(1100):
    y *= 2
print(y, -y, y - y)
print(round(0.1 + 0.2, 15), round(2.5e-8, 9), round(1e300, -300), round(123456789.987654321, 5), round(-1.5), round(1e20))
print([round(i / 8, 2) for i in range(17)])
print([f"{i / 8:.2f}" for i in range(17)])
print([f"{i * 0.005:.2f}" for i in range(10)], [round(i * 0.005, 2) for i in range(10)])
print(divmod(10.5, 3), divmod(-10.5, 3), 1e16 % 3, -1e16 % 7, 2.0 ** 0.5 * 2.0 ** 0.5, 10 ** -3, 3 ** -1)
print(int(1e18), int(-1.9999999999999998), int(2.0 ** 70), 1e18 == 10**18, float(10**18) == 10**18, 2**60 < 2.0**60 + 1)
print(min(0.0, -0.0), max(-0.0, 0.0), abs(-0.0), -0.0 == 0.0, str(-0.0 * 1), 0.0 * -1)
print(7 / 2, 7 // 2, -7 / 2, 6 / 3, type(6 / 3).__name__, 1 / 7 * 7, 0.3 * 3, 100 * 1.1)
print(1.0 .is_integer(), (2.5).as_integer_ratio())
