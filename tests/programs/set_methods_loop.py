# Set methods in loops, set comprehension, sets of tuples (printed sorted).
s = set()
for i in range(2000):
    s.add(i % 64)
    if i % 5 == 0:
        s.discard((i * 7) % 64)
print(len(s), sorted(s)[:10])
u = set()
for i in range(10):
    u = u.union({i, i * 2, i * 3})
print(sorted(u))
inter = set(range(100))
for k in (2, 3):
    inter = inter.intersection({x for x in range(100) if x % k == 0})
print(sorted(inter))
d = set(range(20)).difference({1, 3, 5}, [7, 9])
print(sorted(d))
sd = {1, 2, 3}.symmetric_difference([3, 4])
print(sd)
print({1, 2}.issubset([1, 2, 3]), {1, 5}.issubset({1, 2}), set().issubset(set()), {1, 2, 3}.issuperset((1,)))
acc = set()
for i in range(300):
    acc.update([i % 17, (i * 3) % 17])
print(acc)
c = acc.copy()
c.clear()
print(len(acc), len(c))
sq = {i * i % 10 for i in range(100)}
print(sq, 6 in sq, 2 in sq)
pairs = {(a, b) for a in range(4) for b in range(4) if a < b}
print(sorted(pairs), len(pairs))
words = "a bb a ccc bb dddd a".split()
print(sorted({len(w) for w in words}), sorted(set(words)))
only = {"solo"}
print(only.pop(), len(only))
count = 0
for i in range(3000):
    x = {i % 3, i % 5}
    if x.issubset({0, 1, 2}):
        count += 1
print("count", count)
