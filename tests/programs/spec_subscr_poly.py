# BINARY_SUBSCR / STORE_SUBSCR sites seeing list/tuple/str/dict/range, negative and bad indices.
def get(c, i):
    return c[i]
lst = [10, 20, 30, 40, 50]
tup = (1.5, "t", None, 2**70)
s = "hello"
d = {0: "zero", -1: "neg", 3: "three", "k": "kay", (1, 2): "pair", 2.5: "flt"}
rng = range(100, 0, -7)
containers = [lst, tup, s, d, rng]
idxs = [0, 1, -1, -2, 3, 4, 5, -6, 99, -99, True, False, 2.5, "k", (1, 2), 2**64, -2**64]
res = {}
for i in range(3000):
    c = containers[i % 5]
    k = idxs[(i // 5 + i) % len(idxs)]
    try:
        v = get(c, k)
        key = "ok:" + type(v).__name__
    except IndexError as e:
        key = "IndexError:" + str(e)
    except KeyError as e:
        key = "KeyError:" + repr(e.args[0])
    except TypeError as e:
        key = "TypeError:" + str(e)
    res[key] = res.get(key, 0) + 1
for k in sorted(res):
    print(res[k], k)
# warm list[int] on in-range indices, then walk off both ends
total = 0
misses = 0
for i in range(-8, 1500):
    j = i % 7 - 1 if i < 1400 else i - 1400
    try:
        total += lst[j]
    except IndexError:
        misses += 1
print(total, misses)
# STORE_SUBSCR: list and dict at one site, negative stores, out-of-range stores caught
def put(c, k, v):
    c[k] = v
buf = [0] * 8
dd = {}
bad = []
for i in range(2000):
    target = buf if i % 3 else dd
    k = (i % 11) - 5
    if i % 250 == 249:
        k = 8 if i % 500 == 249 else -9
    try:
        put(target, k, i)
    except IndexError as e:
        bad.append((i, str(e)))
print(buf, sorted(dd.items()), bad)
# a list that grows and shrinks while a hot loop indexes it
grow = [1]
acc = 0
for i in range(1200):
    if i % 5 == 0:
        grow.append(i)
    if i % 7 == 0 and len(grow) > 3:
        grow.pop()
    acc += grow[-1] + grow[len(grow) // 2] + grow[0]
print(len(grow), acc, grow[-3:])
# strings: indexing returns 1-char strs, including non-ASCII
word = "na\u00efve \u03bb\u00e9"
chars = []
for i in range(400):
    c = word[i % len(word) - len(word) if i % 2 else i % len(word)]
    if i < 12:
        chars.append(c)
print(chars, word[-1], len(word))
# dict with keys that compare equal across types: 1, 1.0, True
eqd = {}
for i in range(600):
    k = [1, 1.0, True, 2, 2.0][i % 5]
    eqd[k] = eqd.get(k, 0) + 1
print(eqd, eqd[True], eqd[2.0])
# slices at the same site as ints
sl = [slice(1, 3), 2, slice(None, None, -1), -1, slice(-2, None), slice(10, 20)]
out = []
for i in range(360):
    for c in (lst, tup, s):
        r = c[sl[i % 6]]
        if i < 6:
            out.append(r)
print(out)
# nested subscripts and augmented subscript assignment
grid = [[0] * 4 for _ in range(4)]
cnt = {"a": [0, 0], "b": [0, 0]}
for i in range(1600):
    grid[i % 4][-(i % 3) - 1] += i
    cnt["ab"[i % 2]][i % 3 // 2] += 1
print(grid, cnt)
