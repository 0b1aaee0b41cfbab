x = 1
for i in range(200):
    x = x * 3 + i
    if i % 37 == 0:
        print(i, x)
print(x)
print(x % 1000007, x // 12345678901234567890, -x // 7, -x % 7)
y = 2**63 - 1
for i in range(5):
    y += 1
    print(y, type(y).__name__)
z = -(2**63)
z -= 1
print(z, z * z, abs(z))
a = 9223372036854775807
print(a + a, a * 2, a << 3, -a - 2, (a + 1) >> 1)
s = 0
for i in range(100000):
    s += i * i * i
print(s)
print(sum(i * 10**15 for i in range(100)))
print(2**200 // 3**50, 2**200 % 3**50, divmod(-2**100, 7), divmod(2**100, -7))
print(pow(3, 200, 10**9 + 7), pow(2, -1, 7))
