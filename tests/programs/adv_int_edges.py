for a, b in [(1, -1), (5, 64), (-5, 64), (1, 200), (-1, 1000), (2**70, 70), (-2**70, 71), (12345, 0)]:
    try:
        print(a << b, a >> b)
    except ValueError as e:
        print("ValueError", e)
try:
    2 ** 10 >> -1
except ValueError as e:
    print("ValueError", e)
print(2 ** 0, 0 ** 0, (-1) ** 10**6, (-2) ** 63, (-2) ** 64, 2 ** 64 - 2 ** 64, pow(0, 0), 0 ** 5)
print(-2**63 // -1, (-2**63) % -1, (2**63) // 2, -(2**63) // 3, (2**63 - 1) % -2, -9223372036854775807 - 1 == -2**63)
print(7 & -8, -7 & 0xff, -1 ^ 2**65, ~(2**64), (2**64) | -1, -2**64 & (2**64 - 1), (-2**65) >> 1, (-1) >> 5, -(2**65 + 1) >> 64)
print(int.bit_length(0), (255).bit_length(), (-256).bit_length(), (2**64).bit_length(), (10).to_bytes if False else "")
l = [1 << i for i in range(0, 130, 13)]
print(l, sum(l), max(l) // min(l), [x.bit_length() for x in l])
print(abs(-2**63), -(-2**63), -(2**63), +(2**63), --5, -(-(2**100)))
print(10**19 // 10**9, 10**19 % 10**9, (10**19 + 7) // -10**9, (10**19 + 7) % -10**9, divmod(-10**19, 10**9 + 7))
m = 1
for i in range(1, 40):
    m = m * i // (i % 5 + 1) + 1
print(m)
print(int(-0.5), int(0.99999), int("-9223372036854775809"), int("9223372036854775808") - 1, int(9.9e18), int(-9.3e18))
print(3 * True, True / 2, True // 2, True % 2, -True // 2, False ** 0, True << 65, bool(2**100), bool(-0))
h = 0
for i in range(10000):
    h = (h * 1000003 ^ i) & 0xFFFFFFFFFFFFFFFF
print(h)
h2 = 0
for i in range(10000):
    h2 = (h2 * 1000003 ^ i) % (2**64)
print(h2, h == h2)
