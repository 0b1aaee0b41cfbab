l = [5, 3, 5, 1, 5]
print(l.index(5, 1), l.index(5, -2), l.index(1, 0, 4), l.count(5), [].count(0))
try:
    l.index(5, 3, 4)
except ValueError as e:
    print("ValueError", e)
l = list(range(10))
l[1:8:3] = "abc"
print(l)
del l[::-2]
print(l)
l = list(range(6))
l[::-1] = l
print(l)
l = [1, 2, 3]
l[5:10] = [9]
l[-100:0] = [0]
print(l, l[-100:100], [1, 2] * -1, [[]] * 3)
n = float("nan")
l2 = [n, 1]
l2.remove(n)
print(l2, n in [n], [n].index(n), [n].count(n), [float("nan")].count(float("nan")))
print([1, 2] < [1, 2, 0], [1, "a"] == [1, "a"], [[1]] > [[0, 5]], (1, 2) < (1, 2.5), [] < [0], (3,) > (2, 9))
try:
    [1, "a"] < [1, 2]
except TypeError as e:
    print("TypeError", e)
recs = [("b", 2), ("a", 2), ("c", 1), ("d", 1), ("e", 2)]
print(sorted(recs, key=lambda r: r[1]), sorted(recs, key=lambda r: r[1], reverse=True))
x = [3, 1, 2]
y = x.sort()
print(x, y, sorted(x) is x, list(reversed(x)), x[::-1] is x)
l3 = []
l3 += "abc"
l3 += (1, 2)
l3 += range(2)
l3 += {9: 0}
print(l3)
l3.extend(x for x in "yz")
print(l3, l3.pop(-2), l3.pop(2), l3)
a = [0] * 5
for i in range(5):
    a[i - 5] = i * i
print(a, a[-5], a[4])
try:
    a[5] = 1
except IndexError as e:
    print("IndexError", e)
try:
    a[-6]
except IndexError as e:
    print("IndexError", e)
m = [[0] * 3 for _ in range(3)]
for i in range(3):
    for j in range(3):
        m[i][j] = i * 3 + j
print(m, [row[::-1] for row in m[::-1]], [m[i][i] for i in range(3)], list(zip(*m))[::-1])
print(list("abc") + ["d"], [*"ab", *[1]], [1, 2, 3].__class__.__name__, len([[]] * 10), [0] * 0, 3 * [1, 2])
l4 = list(range(20))
print(l4[3:17:4], l4[-1:-20:-6], l4[::7], l4[1::-1], l4[:1:-9])
l5 = [4, 2, 7]
l5[1:2] = []
l5[0:0] = [-1, -2]
l5[len(l5):] = [100]
print(l5, min(l5), l5.index(100))
