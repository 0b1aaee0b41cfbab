# Generators driven in hot loops; many short-lived generators; generator + exceptions.
def squares(n):
    for i in range(n):
        yield i * i
total = 0
for rep in range(200):
    for v in squares(50):
        total += v
print("total", total)
def windowed(xs, k):
    for i in range(len(xs) - k + 1):
        yield xs[i:i + k]
data = [(i * 31) % 97 for i in range(2000)]
best = max(sum(w) for w in windowed(data, 5))
print("best window", best)
def tokens(s):
    cur = ""
    for ch in s:
        if ch.isdigit():
            cur += ch
        else:
            if cur:
                yield int(cur)
                cur = ""
            if ch != " ":
                yield ch
    if cur:
        yield int(cur)
expr = "12 + 34 * 5 - 6 / 2 + 100"
print(list(tokens(expr)))
s = 0
for i in range(500):
    for tok in tokens("%d + %d * 2" % (i, i + 1)):
        if isinstance(tok, int):
            s += tok
print("s", s)
def safe_div(pairs):
    for a, b in pairs:
        try:
            yield a // b
        except ZeroDivisionError:
            yield None
res = list(safe_div((i, i % 4) for i in range(20)))
print(res)
nones = 0
for v in safe_div((i, i % 5) for i in range(5000)):
    if v is None:
        nones += 1
print("nones", nones)
def counter_gen():
    c = 0
    while True:
        c += 1
        if c > 3000:
            return
        yield c
print(sum(counter_gen()), max(counter_gen()), len(list(counter_gen())))
