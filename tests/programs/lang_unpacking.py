# Tuple/list unpacking, starred targets, swaps, nested unpacking.
a, b = 1, 2
print(a, b)
a, b = b, a
print(a, b)
x, y, z = [10, 20, 30]
print(x, y, z)
first, *rest = [1, 2, 3, 4, 5]
print(first, rest)
*init, last = (1, 2, 3, 4, 5)
print(init, last)
h, *mid, t = "abcdef"
print(h, mid, t)
p, *q = [9]
print(p, q)
(m, n), k = (1, 2), 3
print(m, n, k)
for i, (s, v) in enumerate([("a", 1), ("b", 2), ("c", 3)]):
    print(i, s, v)
pairs = [(i, i * i) for i in range(6)]
tot = 0
for u, w in pairs:
    tot += u * w
print("tot", tot)
a, b = 0, 1
for _ in range(50):
    a, b = b, a + b
print("fib50", a)
lst = [5, 3, 8]
lst[0], lst[2] = lst[2], lst[0]
print(lst)
t = 1, 2, 3
print(t, type(t).__name__)
single = 4,
print(single)
x = y = z = 7
print(x, y, z)
d = {"k": 1, "j": 2}
for key, val in d.items():
    print(key, val)
s = 0
for i in range(3000):
    a, *b, c = (i, i + 1, i + 2, i + 3)
    s += a + len(b) + c
print("starred loop", s)
print([*range(3), *"xy", *[7, 8]])
print((*range(2), 5))
