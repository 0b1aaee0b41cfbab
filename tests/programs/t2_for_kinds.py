# for loops over range, list, tuple, dict items, str; a list appended to while iterated (bounded); nested loops with early exit.
total = 0
for i in range(0, 3000, 3):
    total += i
for i in range(100, -100, -7):
    total += i
for i in range(-5):
    total += 1000000
print("range", total)
items = [3, 1, 4, 1, 5, 9, 2, 6]
t = 0
for rep in range(150):
    for x in items:
        t += x * rep
print("list", t)
tup = (2, 7, 1, 8, 2, 8)
t = 0
for rep in range(200):
    for x in tup:
        t = (t * 3 + x) % 100003
print("tuple", t)
d = {"a": 1, "b": 2, "c": 3}
for k in range(20):
    d["n%d" % k] = k
t = 0
keys = []
for rep in range(60):
    for key, val in d.items():
        t += val * len(key)
        if rep == 0:
            keys.append(key)
    for key in d:
        t += 1
    for val in d.values():
        t -= val % 2
print("dict", t, keys)
text = "tracing jit side exits " * 4
counts = {}
for rep in range(30):
    for ch in text:
        counts[ch] = counts.get(ch, 0) + 1
print("str", sorted(counts.items()))
# list grows while iterated: every element spawns a new one until a bound is reached
work = [1, 2, 3]
seen = 0
for x in work:
    seen += 1
    if len(work) < 1500:
        work.append(x * 2 % 97 + (seen % 5))
    if seen % 200 == 0:
        print("grow", seen, len(work), x, sum(work))
print("grow", seen, len(work), sum(work), work[-5:])
# enumerate over a list that is appended to while iterating
arr = [0]
for i, v in enumerate(arr):
    if i < 900:
        arr.append(v + i % 4)
print("enum", len(arr), sum(arr), arr[895:901])
# nested for loops with early exit: search in a grid
grid = []
for r in range(40):
    row = []
    for c in range(40):
        row.append((r * 31 + c * 17) % 101)
    grid.append(row)
results = []
for target in range(0, 101, 4):
    pos = None
    for r in range(40):
        for c in range(40):
            if grid[r][c] == target:
                pos = (r, c)
                break
        if pos is not None:
            break
    results.append(pos)
print("search", results)
# for/else over different iterables: else runs only when no break happened
def first_neg(seq):
    for v in seq:
        if v < 0:
            break
    else:
        return None
    return v
fr = []
for i in range(600):
    seq = [i % 7, i % 5 - 3, i % 3] if i % 2 else (i % 4, 1, 2)
    fr.append(first_neg(seq))
print("forelse", fr[:12], fr.count(None), sum([v for v in fr if v is not None]))
# iterating a string then a list then a tuple through the same loop site
def total_len(it):
    n = 0
    for e in it:
        n += 1
    return n
lens = 0
for i in range(900):
    if i % 3 == 0:
        lens += total_len("abcdefg"[: i % 8])
    elif i % 3 == 1:
        lens += total_len(list(range(i % 11)))
    else:
        lens += total_len(tuple(range(i % 6)))
print("lens", lens)
# zip and reversed inside hot loops, and a dict mutated between iterations
a = list(range(50))
b = [v * v for v in a]
zs = 0
for rep in range(40):
    for x, y in zip(a, reversed(b)):
        zs += x * y - rep
print("zip", zs)
dd = {}
for i in range(800):
    dd[i % 37] = dd.get(i % 37, 0) + i
    if i % 50 == 49:
        for key in list(dd):
            if dd[key] % 3 == 0:
                del dd[key]
print("dd", len(dd), sum(dd.values()), sorted(dd.items())[:6])
# mutating a dict during iteration raises RuntimeError
m = {1: 1, 2: 2}
try:
    for k in m:
        m[k + 10] = 0
except RuntimeError as e:
    print("runtime", e)
