# list methods: append, extend, insert, pop, remove, index, count, reverse, copy, clear.
l = [3, 1, 4]
l.append(1)
print(l)
l.extend([5, 9])
print(l)
l.extend("ab")
print(l)
l.extend(range(2))
print(l)
l.insert(0, "first")
l.insert(100, "last")
l.insert(-1, "penult")
l.insert(-100, "zeroth")
print(l)
print(l.pop(), l.pop(0), l.pop(-2), l.pop(3))
print(l)
l.remove(1)
print(l)
print(l.index(5), l.count(1), l.count("zz"), l.index(1), l.index("b", 2))
try:
    l.remove("nope")
except ValueError as e:
    print("ValueError:", e)
try:
    l.index("nope")
except ValueError as e:
    print("ValueError:", e)
try:
    [].pop()
except IndexError as e:
    print("IndexError:", e)
l.reverse()
print(l)
c = l.copy()
c.append("c")
print(l, c)
c.clear()
print(c, len(c))
stack = []
for i in range(10000):
    if i % 3 == 2:
        stack.pop()
    else:
        stack.append(i)
print(len(stack), stack[:5], stack[-5:])
q = list(range(10))
for i in range(5):
    q.insert(0, q.pop())
print(q)
l2 = [1, 2, 3] * 3
print(l2, l2.count(2), l2.index(3, 4))
print([1, 2] + [3], [0] * 4, [[]] * 2)
m = [[0] * 3 for _ in range(3)]
m[1][1] = 5
print(m)
