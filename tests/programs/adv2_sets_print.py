s = set()
for i in range(2000):
    s.add((i * 37) % 500)
for i in range(0, 500, 3):
    s.discard(i)
print(len(s))
print(s)
t = set(range(100, 0, -7))
print(t)
t.update([1000, 64, 2**40, -5, -1])
print(t)
u = {x * x for x in range(-10, 10)}
print(u)
print(set([5, 3, 1]) | {2, 4}, {1, 2, 3} & {2, 3, 4}, {1, 2, 3} - {2}, {1, 2, 3} ^ {3, 4})
v = set()
for i in range(100):
    v.add(i)
    if i % 4 == 0:
        v.remove(i)
print(v)
w = {0, 8, 16, 32, 64, 1, 9}
w.add(128)
w.add(256)
print(w, w.pop(), w)
print({True, 1, 1.0, 0, False}, {-1, -2, -3, 7, 33, 65})
print(frozenset({3, 1, 2}), {frozenset({1})}, set(), frozenset())
neg = {i for i in range(-50, 50, 5)}
print(neg)
fl = {1.5, 2.5, 0.5, 100.25}
print(sorted(fl), len(fl))
