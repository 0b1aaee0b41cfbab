d = {}
for i in range(100):
    d[i % 10] = d.get(i % 10, 0) + i
print(d)
print(list(d.keys())[:3], list(d.values())[:3], list(d.items())[-2:])
print(d.pop(3), d.pop(99, "none"), d.setdefault(3, 7), d.setdefault(4, 7), len(d))
d2 = dict(a=1, b=2)
d2.update({'c': 3}, d=4)
d2.update([('e', 5)])
print(d2, 'a' in d2, 'z' in d2, d2 | {'f': 6}, {**d2, 'a': 100})
del d2['a']
print(d2, d2.popitem(), d2)
try:
    d2['zz']
except KeyError as e:
    print("KeyError", e)
s = {1, 2, 3, 4}
t = {3, 4, 5}
print(s | t, s & t, s - t, s ^ t, s <= {1, 2, 3, 4, 5}, s < s, s.isdisjoint({9}), s.issuperset({1}))
s.add(10); s.discard(1); s.discard(100); s.remove(2)
print(sorted(s), len(s))
try:
    s.remove(99)
except KeyError as e:
    print("KeyError", e)
print(set(), {x % 3 for x in range(10)}, frozenset([1, 2]) == {1, 2}, set([3, 1, 2]))
seen = set()
dups = []
for x in [1, 5, 2, 5, 3, 1, 9, 2]:
    if x in seen:
        dups.append(x)
    seen.add(x)
print(dups, sorted(seen))
words = "the quick brown fox jumps over the lazy dog the end".split()
cnt = {}
for w in words:
    cnt[w] = cnt.get(w, 0) + 1
print(sorted(cnt.items(), key=lambda kv: (-kv[1], kv[0])))
print(sorted(set(words)))
inv = {v: k for k, v in cnt.items()}
print(sorted(inv.items()))
dd = dict.fromkeys(range(4), 0)
print(dd, dict(zip(range(3), "abc")), list(reversed(dd)))
print({1: 'a', True: 'b', 1.0: 'c'}, {0: 1} == {False: 1})
x = {i: i for i in range(10)}
for k in list(x):
    if k % 2:
        del x[k]
print(x)
try:
    for k in x:
        x[k + 100] = 1
except RuntimeError as e:
    print("RuntimeError", e)
print(d.get('nope'), d.copy() == d, d.copy() is d, len({}), bool({}), bool({0: 0}))
print(sorted({-1, -5, 3, 0}), max({4, 9, 2}), sum({1, 2, 3}), {1, 2} == {2, 1}, {frozenset({1}): 2})
