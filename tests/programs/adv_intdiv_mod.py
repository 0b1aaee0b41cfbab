for a in [7, -7, 0, 13, -13, 2**65, -2**65]:
    for b in [3, -3, 1, -1, 2**64 + 1]:
        print(a, b, a // b, a % b, divmod(a, b), a / b if abs(a) < 100 else round(a / b, 3))
print(-1 // 2, -1 % 2, 1 // -2, 1 % -2, -0 // 5, 5 % 5, -5 % 5)
print(7.0 // 2, -7.0 // 2, 7.0 % -3, -7.5 % 3, divmod(-7.5, 2), divmod(7, 2.5))
for e in [lambda: 1 // 0, lambda: 1 % 0, lambda: 1.0 / 0, lambda: divmod(1, 0), lambda: 0 ** -1, lambda: 5.0 // 0.0]:
    try:
        e()
    except ZeroDivisionError as err:
        print("ZDE", err)
print(2 ** -2, (-2) ** 3, (-8) ** (1/3) if False else 0, 10 ** 20 // 3, -(10 ** 20) // 3, (-(10 ** 20)) % 3)
print(int("-42"), int(" 17 "), int("ff", 16), int("0b101", 0), int("1_000"), int(-3.7), int("077", 8))
print(abs(-2**70), -2**70 // 2**35, 2**70 % -1000, round(2**70 / 3), 3 ** 100 % 1000)
print(True + True, True * 10, -True, ~5, ~-1, 5 & 3, 5 | 3, 5 ^ 3, 1 << 70, -1 >> 100, (2**80) >> 79, -(2**80) >> 79)
print(hex(255), hex(-255), oct(8), bin(-5), bin(2**70), int(bin(12345), 2))
x = 1
for i in range(70):
    x = (x << 1) | (i & 1)
print(x, x.bit_length(), (-x).bit_length(), x & 0xffff, x ^ (x >> 3))
print(max(2**64, 2**64 - 1, -1), min(-2**64, 0), sorted([2**65, -3, 2**64, 0]))
print(10 ** 18 * 10 == 10 ** 19, 2**63 == 2.0**63, 2**53 + 1 == float(2**53 + 1), 10**30 < 1e31, 10**400 > 1e308)
