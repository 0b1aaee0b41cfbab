# list(), tuple(), dict(), set() constructors.
print(list(), list("abc"), list((1, 2)), list(range(4)), list({"x": 1, "y": 2}))
print(tuple(), tuple([1, 2]), tuple("hi"), tuple(range(3)))
print(dict(), dict(a=1, b=2), dict([("x", 1), ("y", 2)]), dict({"k": "v"}, z=0), dict(zip("abc", range(3))))
print(set(), sorted(set("mississippi")), set([3, 1, 3, 2, 1]), set(range(5)), set((7, 7)))
print(list(map(str, [1, 2])), tuple(x * 2 for x in range(3)))
l = [1, 2, 3]
l2 = list(l)
l2.append(4)
print(l, l2, l == l2[:3])
d = dict(a=1)
d2 = dict(d)
d2["b"] = 2
print(d, d2)
acc = []
for i in range(1000):
    t = tuple(range(i % 5))
    acc.append(len(t))
print(sum(acc), len(set(acc)), sorted(set(acc)))
m = dict()
for i in range(2000):
    m[i % 37] = m.get(i % 37, 0) + 1
print(len(m), m[0], m[36])
print(list(dict.fromkeys([3, 1, 3, 2])))
