m = 2**63 - 1
vals = []
for i in range(-3, 4):
    vals.append(m + i)
    vals.append(-m - i)
    vals.append((m + i) * 2)
    vals.append(-(m + i))
print(vals)
x = 3037000499
for i in range(5):
    print(x * x, (x + 1) * (x + 1), -x * (x + 2))
    x += 1
def mul(a, b):
    return a * b
r = 0
for i in range(2000):
    r = mul(i, 4611686018427387904 + i)
print(r)
neg = -9223372036854775808
print(neg // -1, neg * -1, abs(neg), -neg, neg % -1, divmod(neg, -1), neg - 1, neg // 1)
y = 1
for i in range(64):
    y <<= 1
print(y, y - 1, (y - 1) >> 1, -y >> 63)
acc = 0
for i in range(1, 100):
    acc += (2**62) // i * i
print(acc)
c = 0
for i in range(70):
    c = c * 2 + 1
    if c > 2**63:
        c -= 2**64
print(c)
total = 9223372036854775000
for i in range(2000):
    total += 1
print(total)
total = -9223372036854775000
for i in range(2000):
    total -= 1
print(total)
p = 1
for i in range(25):
    p *= 7
print(p, p % 2**64, p // 2**64)
print(sum([2**62, 2**62, 2**62]), sum([9223372036854775807, 1]), sum(range(2**62, 2**62 + 5)))
a = [9223372036854775807] * 3
print(a[0] + a[1] + a[2], max(a) + 1, -min(a) - 2)
