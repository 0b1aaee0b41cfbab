MIN = -2**63
MAX = 2**63 - 1
vals = [MIN, MIN + 1, -1, 0, 1, MAX - 1, MAX, 2**62, -2**62, 3037000499, 3037000500, -3037000500, 2**32, -2**31]
h = 0
out = []
for a in vals:
    for b in vals:
        r = [a + b, a - b, a * b]
        if b != 0:
            r += [a // b, a % b, divmod(a, b)]
        r += [a & b, a | b, a ^ b, a == b, a < b, a >= b]
        out.append(r)
for r in out[::7]:
    print(r)
print(-MIN, abs(MIN), MIN // -1, MIN % -1, -(MIN), MIN * -1, ~MIN, ~MAX, MAX + 1, MIN - 1)
print(1 << 62, 1 << 63, 1 << 64, -1 << 63, MAX >> 62, MIN >> 63, MIN >> 64, 3 ** 40, 3 ** 39, (-3) ** 41, 2 ** 63, (-2) ** 63)
x = 1
seq = []
for i in range(130):
    x = x * 2
    if i % 10 == 0 or 60 <= i <= 66:
        seq.append((i, x, type(x).__name__))
print(seq)
y = MAX - 5000
c = 0
for i in range(10000):
    y += 1
    if y > MAX:
        c += 1
print(y, c)
z = MIN + 5000
for i in range(10000):
    z -= 1
print(z)
acc = 0
for i in range(1, 100):
    acc = acc * 1000003 + i
    acc = acc ^ (acc >> 7)
print(acc % (2**64), acc.bit_length())
print(int.bit_length(MIN), (MAX).to_bytes if False else MAX.bit_length(), (MIN).bit_count() if hasattr(int, "bit_count") else None)
neg = -7
for i in range(70):
    neg *= 2
print(neg, neg // 3, neg % 3, neg >> 3, -neg)
print(sum([MAX, MAX, MAX]), sum([MIN] * 3), max(MIN, MIN - 1), abs(MIN - 1))
