f = 1
for i in range(1, 301):
    f *= i
print(f)
print(len(str(f)), f % 1000003, f // 10**600)
a, b = 0, 1
for _ in range(500):
    a, b = b, a + b
print(a)
p = 1
for i in range(200):
    p = p * 3 - i
print(p, p.bit_length())
x = 2**63 - 10
vals = []
for i in range(20):
    x += 1
    vals.append(x)
print(vals[8:12], type(vals[-1]).__name__)
print(2**64 * -1, -(2**64) // 7, -(2**64) % 7, (2**64) // -7, (2**64) % -7)
for n in [-10**30, -7, 7, 10**30 + 1, -(2**100) - 1]:
    for d in [3, -3, 2**70, -(2**70), 7]:
        print(n // d, n % d, divmod(n, d))
print(pow(3, 200, 10**9 + 7), pow(-3, 201), pow(2, -2))
print((-1) ** 1001, 10**20 / 3, 10**400 // 10**399)
try:
    print(10**400 / 1)
except OverflowError as e:
    print("OverflowError", e)
print(int(1e20), int(-1.5e300) // 10**290, float(2**1023))
print(abs(-2**200), -2**200 < -2**199, hash(2**61 - 1) == hash(0), hash(-1) == hash(-2))
print(int("123456789" * 10) * 3, int("-0x" + "f" * 30, 16), hex(2**100), oct(-2**70), bin(2**65 + 1))
print((2**100) >> 3, (-(2**100)) >> 99, 1 << 130, (2**128 - 1) & (2**64 + 5), (-2**80) | 3, (2**90) ^ -1, ~(2**70))
acc = 0
for i in range(100000):
    acc += i * i * i
print(acc)
acc2 = 1
for i in range(1, 2000):
    acc2 = (acc2 * 31 + i) % (2**89 - 1)
print(acc2)
print(round(2**60 + 1.0) , round(10**25, -20), round(-15, -1), round(25, -1), round(7.5), round(8.5))
