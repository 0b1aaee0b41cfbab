# Int multiplication growing past 2**63 and shrinking back via //, in hot loops.
x = 3
peak = 0
for i in range(20000):
    if i % 100 < 50:
        x = x * 7 + 1
    else:
        x = x // 7
    if x > peak:
        peak = x
print("final", x, "peak bits", peak.bit_length())
v = 1
history = []
for i in range(1000):
    v *= 1000003
    if v.bit_length() > 80:
        v //= 2 ** 40
    history.append(v.bit_length())
print(v, min(history), max(history), sum(history))
a = 2 ** 62
b = 2 ** 62
s = a + b
print(s, s - a, s - b - a, type(s).__name__)
n = -(2 ** 63)
print(n, n - 1, n * -1, -n, n // -1, abs(n), n + 2 ** 64)
total = 0
for i in range(3000):
    y = (i + 2 ** 63) * (i + 1)
    total += y // (i + 1) - 2 ** 63
print("total", total)
c = 1
for i in range(1, 120):
    c = c * (120 - i + 1) // i
print("binom(120, 119)", c)
row = [1]
for n in range(100):
    row = [1] + [row[k] + row[k + 1] for k in range(len(row) - 1)] + [1]
print(row[50], sum(row) == 2 ** 100)
