l = [1, 2, 3]
l.insert(-100, 0)
l.insert(100, 9)
l.insert(-1, 8)
print(l)
print(l.index(8), l.index(2, 1, 4), l.count(9))
try:
    l.index(99)
except ValueError as e:
    print(e)
try:
    l.remove(99)
except ValueError as e:
    print(e)
try:
    [].pop()
except IndexError as e:
    print(e)
try:
    [1].pop(5)
except IndexError as e:
    print(e)
print(l.pop(), l.pop(0), l.pop(-2), l)
l += l
print(l)
l *= 2
print(l, [1] * -3, [0] * 0)
m = [1, 2]
m.extend(m)
print(m)
m.extend(range(3))
m.extend("ab")
m.extend({9: 1})
print(m)
print([1, 2] < [1, 3], [1, 2] < [1, 2, 0], [] < [0], [[1]] == [[1]], [1, 2] == (1, 2), (1, 2) < (1, 2, 3))
a = [3, 1, 2]
b = a.copy()
b.append(4)
a.clear()
print(a, b, list(reversed(b)), b[::-1])
q = []
for i in range(10000):
    q.append(i)
    if i % 3 == 0:
        q.pop(0)
print(len(q), q[:5], q[-3:])
st = []
for ch in "(()(()))()((())":
    if ch == "(":
        st.append(ch)
    elif st:
        st.pop()
print(len(st))
print([1, 2, 3].__len__(), [x for x in [3, 1, 2] if x > 1], list(map(lambda x: x * 2, [1, 2])), list(filter(None, [0, 1, "", "a"])))
print(list(zip([1, 2, 3], "ab")), list(enumerate("abc", 10)), list(map(pow, [2, 3], [3, 2])))
x = [0] * 5
x[-1] = 7
try:
    x[5] = 1
except IndexError as e:
    print(e)
try:
    x["a"]
except TypeError as e:
    print(e)
print(x, x * 2 == x + x, 7 in x, x.index(7))
