# 2**k in loops, growing and shrinking past 2**63.
for k in [0, 1, 31, 32, 62, 63, 64, 65, 100, 127, 128, 200]:
    print(k, 2 ** k, -(2 ** k), 2 ** k - 1)
v = 1
for i in range(130):
    v = v * 2
    if i >= 60 and i <= 66:
        print(i, v, v > 2 ** 63 - 1, type(v).__name__)
while v > 1:
    v = v // 3
print("shrunk", v)
total = 0
for i in range(10000):
    total += 2 ** (i % 70)
print("total", total)
x = 2 ** 62
crossings = 0
for i in range(5000):
    if i % 2 == 0:
        x = x * 4
    else:
        x = x // 4 + 1
    if x > 2 ** 63:
        crossings += 1
print("crossings", crossings, x)
acc = 0
for i in range(3000):
    acc = (acc + 2 ** 64 - i) % (2 ** 61 - 1)
print("acc", acc)
a = 9223372036854775807
print(a + 1, a * 2, a - (-a), -a - 1 - 1, abs(-a - 1), (a + 1) // (a + 1), (-a - 1) // -1)
print(2 ** 64 // 2 ** 32, 2 ** 64 % 1000, (2 ** 64) >> 10, 1 << 70, (1 << 70) >> 69)
