a = set(range(-20, 60, 3)) | {2**40, -2**33, 10**20, 7.5, -0.5}
print(a)
b = {x * 1000003 % 4096 for x in range(300)}
print(b & set(range(0, 4096, 5)))
print(b - set(range(0, 4096, 2)))
print({1, 2, 3, 100, 200} ^ {3, 4, 200, 300})
c = set()
for i in range(1000):
    c.add(i * 7 % 1013)
    if i % 3 == 0:
        c.discard(i * 5 % 1013)
print(len(c), list(c)[:30], c.pop(), c.pop())
print(set([10**18, 2**62, -1, -2, 2**64 + 1, 33]))
print({(1, 2), (3, 4)} == {(3, 4), (1, 2)}, sorted({(i % 3, i % 5) for i in range(30)}))
print(frozenset(range(40, 0, -3)) | {0}, {True, 2, 3.0}, {0.1, 0.2, 0.30000000000000004})
d = {}
for i in range(100):
    d[i * 37 % 101] = i
for i in range(0, 101, 4):
    d.pop(i, None)
print(list(d)[:20], len(d))
