a, b, c = 1, 2, 3
print(a, b, c)
a, *b = [1, 2, 3, 4]
print(a, b)
*a, b = "hello"
print(a, b)
a, *b, c = range(6)
print(a, b, c)
(a, b), (c, d) = (1, 2), [3, 4]
print(a, b, c, d)
a, (b, *c), d = 1, (2, 3, 4, 5), 6
print(a, b, c, d)
for i, (x, y) in enumerate([(1, 2), (3, 4)]):
    print(i, x, y)
x, y = y, x
print(x, y)
l = [0, 1, 2]
l[0], l[2] = l[2], l[0]
print(l)
try:
    a, b = [1, 2, 3]
except ValueError as e:
    print("ValueError", e)
try:
    a, b, c = [1, 2]
except ValueError as e:
    print("ValueError", e)
try:
    a, *b, c = [1]
except ValueError as e:
    print("ValueError", e)
print([*range(3), *"ab", *[None]], (*range(2),), {*range(3)}, {**{'a': 1}, 'b': 2})
first, *_, last = [10, 20, 30, 40]
print(first, last, _)
def f():
    return 1, [2, 3]
p, (q, r) = f()
print(p, q, r)
d = {'a': 1, 'b': 2}
k1, k2 = d
print(k1, k2)
(a, b), = [(5, 6)]
print(a, b)
s = 0
for a, b in zip(range(10000), range(10000, 0, -1)):
    s += a * b
print(s)
i = 0
l = [0, 0, 0]
i, l[i] = 1, 9
print(i, l)
