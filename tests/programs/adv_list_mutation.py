l = list(range(10))
for x in l:
    if x % 2 == 0:
        l.remove(x)
print(l)
l = [1, 2, 3]
i = 0
for x in l:
    if i < 5:
        l.append(x * 10)
    i += 1
print(l)
a = [3, 1, 2]
b = a
a += [4]
print(b)
a = a + [5]
print(a, b)
c = [[0] * 3] * 3
c[0][0] = 1
print(c)
d = [[0] * 3 for _ in range(3)]
d[0][0] = 1
print(d)
l = list(range(20))
l[2:5] = ["a"]
l[-3:] = []
l[::3] = [None] * len(l[::3])
print(l)
try:
    l[::2] = [1]
except ValueError as e:
    print("ValueError", e)
l = [5, 2, 8, 1]
print(l.index(8), l.count(2), l.pop(), l.pop(0), l, l.insert(0, 9), l, l.insert(100, 7), l, l.insert(-100, 0), l)
l.extend(range(3)); l.reverse()
print(l, l * 2, 3 * [0], [] * 5)
try:
    [].pop()
except IndexError as e:
    print("IndexError", e)
try:
    [1].index(2)
except ValueError as e:
    print("ValueError", e)
m = list(range(100000))
while m:
    m.pop()
print(len(m))
st = []
for i in range(10000):
    st.append(i)
    if i % 3 == 0:
        st.pop()
print(len(st), st[-3:], st[:3])
print([1, 2, 3][-1:-4:-1], [1, 2, 3][5:1:-1], list(range(10))[::-3], list(range(10))[-2:2:-2])
l = [1, 2, 3]
l[1:1] = [9, 9]
print(l, l[len(l):], sorted(l, reverse=True), l.copy() == l, l.clear(), l)
