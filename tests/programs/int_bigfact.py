# Factorials and products growing past 64 bits in hot loops.
f = 1
for i in range(1, 301):
    f *= i
    if i in (20, 21, 25, 50, 100):
        print(i, f)
print("300! digits", len(str(f)))
print("300! mod 1e9+7", f % 1000000007)
print("trailing zeros", len(str(f)) - len(str(f).rstrip("0")))
g = f
k = 300
while g > 1:
    g //= k
    k -= 1
print("divided back", g, k)
p = 1
for i in range(1, 20000):
    p = p * (i % 13 + 1)
    if p > 2 ** 200:
        p //= 2 ** 190
print("p", p)
s = 0
for i in range(1, 2000):
    s += i ** 7
print("sum i^7", s)
m = 2 ** 63 - 1
print(m, m + 1, -m - 1, -m - 2, m * m, (m + 1) // 2, (m + 1) * -1)
x = 1
for i in range(200):
    x = x * 3 + 1
print(x, x.bit_length())
big = 10 ** 50
print(big // 7, big % 7, -big // 7, -big % 7, big // -7, divmod(big, 12345678901234567890))
