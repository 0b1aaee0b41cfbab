# Tuples: index, count, concatenation, comparison, hashing as dict keys, immutability.
t = (3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5)
print(t.count(5), t.count(1), t.count(7), t.index(1), t.index(5), t.index(5, 5), t.index(3, 1))
try:
    t.index(42)
except ValueError as e:
    print("ValueError:", e)
print(t + (0,), (1, 2) * 3, len(t), t[2:5], t[::-1], min(t), max(t), sum(t))
print((1, 2) < (1, 3), (1, 2, 3) > (1, 2), (2,) > (1, 99), () < (0,), (1, "a") == (1, "a"))
try:
    t[0] = 100
except TypeError as e:
    print("TypeError:", e)
nested = ((1, 2), (3, (4, 5)))
print(nested[1][1][0], len(nested), nested.count((1, 2)), nested.index((3, (4, 5))))
grid = {}
for x in range(30):
    for y in range(30):
        grid[(x, y)] = x * y
print(grid[(7, 8)], grid[29, 29], len(grid))
total = 0
for i in range(5000):
    tup = (i, i % 7, i % 11)
    total += tup.count(0) + tup.index(tup[2])
print("total", total)
pairs = [(b, a) for a, b in zip(range(5), "vwxyz")]
print(pairs, sorted(pairs, reverse=True)[0])
a = (1, [2, 3])
a[1].append(4)
print(a)
print(tuple(), (1,), tuple([1]) == (1,), (1) == 1, type((1)).__name__, type((1,)).__name__)
