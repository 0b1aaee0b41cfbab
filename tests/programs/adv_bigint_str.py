f = 1
for i in range(1, 301):
    f *= i
s = str(f)
print(len(s), s[:20], s[-20:], sum(int(c) for c in s))
print(f % 10**9, f // 10**600 if f > 10**600 else 0)
n = 2**1000
print(n)
print(-n // 3, n * -n < 0, str(-n)[:10])
print(int(str(n)) == n, int("9" * 100) + 1 == 10**100, hash(5) == hash(5.0))
a, b = 0, 1
for _ in range(1000):
    a, b = b, a + b
print(a % 10**20, len(str(a)))
print(10**50 - 1, (10**50 - 1) * (10**50 + 1) == 10**100 - 1)
x = 12345678901234567890123456789
print(x * x, x // 987654321, x % 987654321, x ** 3 % (2**61 - 1), -x >> 10, x.bit_length())
print(f"{x:,}", f"{x:x}", f"{2**100:e}", f"{-x:>40}", "%d" % x, "%x" % 2**70)
print(float(x), x / 10**20, int(1e20), int(1.5e30), round(x, -20))
print(sum(range(10**6)), sum(i**5 for i in range(2000)))
print(abs(-10**30), 10**30 == 10**30, 10**30 is not None, pow(2, 1000, 10**9 + 9), pow(7, 10**5, 13))
import math
print(math.factorial(50), math.gcd(2**100, 6**50), math.isqrt(10**40 + 12345), math.comb(60, 30))
