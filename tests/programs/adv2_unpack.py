data = [(i, i * 2, i * 3, i * 4) for i in range(5)]
for a, *rest in data:
    print(a, rest)
for *init, last in data[:2]:
    print(init, last)
for a, *mid, z in [(1, 2), (1, 2, 3, 4, 5), "xyz"]:
    print(a, mid, z)
(x, y), z = (1, 2), 3
print(x, y, z)
a, (b, *c), d = 1, (2, 3, 4, 5), 6
print(a, b, c, d)
first, *_, last = range(10)
print(first, last, _)
tot = 0
for i, (p, q) in enumerate(zip(range(10000), range(10000, 0, -1))):
    tot += i * p - q
print(tot)
try:
    a, b = [1, 2, 3]
except ValueError as e:
    print(e)
try:
    a, b, c = [1]
except ValueError as e:
    print(e)
try:
    a, *b, c = [1]
except ValueError as e:
    print(e)
try:
    x, y = 5
except TypeError as e:
    print(e)
print([*range(3), *"ab", *{1: 2}], (*[1], 2), {*"aa", 3} == {"a", 3})
def f(*args, **kw):
    return args, sorted(kw.items())
print(f(*[1, 2], *(3,), **{"a": 1}, b=2))
d = {"k%d" % i: i for i in range(3)}
for k, v in d.items():
    print(k, v)
m = [[1, 2], [3, 4]]
for i, (j, k) in enumerate(m):
    m[i] = [k, j]
print(m)
i = 0
lst = [0, 0, 0]
i, lst[i] = 1, 5
print(i, lst)
x = [1, 2, 3]
x[0], x[1] = x[1], x[0]
print(x)
a = b = c = []
a.append(1)
print(b, c)
