# int('...') of big values and str() of huge ints (< 4300 digits).
s = "1234567890" * 30
n = int(s)
print(n)
print(n + 1, n * 2, n // 10 ** 290, n % 97)
print(str(n) == s, len(str(n * n)))
big = 7 ** 3000
t = str(big)
print(len(t), t[:50], t[-50:])
print(int(t) == big, int("-" + t) == -big)
print(int("9" * 1000) + 1 == 10 ** 1000)
f = 1
for i in range(1, 1001):
    f *= i
fs = str(f)
print(len(fs), fs[:40], fs[-260:-240])
digits = 0
for ch in fs:
    digits += int(ch)
print("digit sum of 1000!", digits)
h = int("ff" * 40, 16)
print(h, h == 256 ** 40 - 1)
print(int("1" * 64, 2), int("z" * 20, 36))
x = 10 ** 4000
print(len(str(x)), str(x - 1)[:10], str(x - 1)[-10:])
acc = 0
for i in range(500):
    acc += int(str(2 ** (i % 300)))
print("acc", acc)
print(-2 ** 200, str(-(3 ** 150)))
print(repr(2 ** 90), "%d" % 2 ** 90, f"{2 ** 90}", "{}".format(2 ** 90))
