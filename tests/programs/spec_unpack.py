# UNPACK_SEQUENCE sites fed two-tuples, tuples, lists, iterators, strings and wrong lengths.
def two(src):
    a, b = src
    return a, b
def three(src):
    x, y, z = src
    return x + y + z
sources = [(1, 2), [3, 4], "ab", (5, 6, 7), [8], (), iter([9, 10]), range(2), {11: 0, 12: 0},
           (x * 2 for x in range(2)), 42, None, (1.5, "s"), [[1], [2]], zip([1], [2])]
seen = {}
first = []
for i in range(3000):
    src = sources[i % len(sources)]
    if i % len(sources) == 6:
        src = iter([i, -i])
    if i % len(sources) == 9:
        src = (x * i for x in range(2))
    if i % len(sources) == 14:
        src = iter([(i, i)])
    try:
        a, b = two(src)
        key = "ok"
        if i < len(sources):
            first.append((a, b))
    except ValueError as e:
        key = "ValueError: " + str(e)
    except TypeError as e:
        key = "TypeError: " + str(e)
    seen[key] = seen.get(key, 0) + 1
for k in sorted(seen):
    print(seen[k], k)
print(first)
# three-way unpack warmed on tuples, then lists, strs, generators and a bad length at iteration 777
tot = 0
errs = []
for i in range(1500):
    if i < 500:
        src = (i, 1, 2)
    elif i < 1000:
        src = [i, -1, 0.5]
    elif i < 1200:
        src = "xyz"
    else:
        src = (k for k in (i, i, i))
    if i == 777:
        src = [1, 2, 3, 4]
    if i == 1300:
        src = (9, 9)
    try:
        r = three(src)
        tot += r if not isinstance(r, str) else len(r)
    except ValueError as e:
        errs.append((i, str(e)))
print(tot, errs)
# starred unpacking at one site with various lengths
heads = 0
mids = 0
for i in range(1200):
    seq = list(range(i % 6))
    if i % 4 == 1:
        seq = tuple(seq)
    try:
        h, *mid, t = seq
        heads += h + t
        mids += len(mid)
    except ValueError as e:
        heads -= 1
        msg = str(e)
print(heads, mids, msg)
# swap / rotate idioms (tuple building + unpacking) in a hot loop with type changes
a, b, c = 1, 2.0, "3"
for i in range(999):
    a, b, c = b, c, a
print(repr(a), repr(b), repr(c))
x, y = 0, 1
for i in range(700):
    x, y = y, x + y
    if i == 400:
        x, y = float(x), float(y)
print(x, y)
# for-target unpacking over mixed element shapes
pairs = [(1, 2), [3, 4], "xy", (5, 6), range(7, 9)]
s = ""
for rep in range(300):
    for p, q in pairs:
        if rep == 0:
            s += str(p) + str(q)
print(s)
# nested unpacking with a mismatched inner element every so often
n = 0
bad = 0
for i in range(1000):
    item = (i, (i + 1, i + 2)) if i % 97 else (i, (i,))
    try:
        (u, (v, w)) = item
        n += u + v - w
    except ValueError as e:
        bad += 1
        m2 = str(e)
print(n, bad, m2)
d = {"a": 1, "b": 2}
k1, k2 = d
(v1, v2), = [d.values()]
print(k1, k2, v1, v2, sorted(dict([("p", 1), ["q", 2], "rs"]).items()))
