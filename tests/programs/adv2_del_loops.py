x = 5
for i in range(5):
    y = i
    del y
try:
    y
except NameError as e:
    print(e)
lst = list(range(20))
for i in range(len(lst) - 1, -1, -1):
    if lst[i] % 3 == 0:
        del lst[i]
print(lst)
d = {i: i for i in range(20)}
for k in list(d):
    if k % 2:
        del d[k]
print(d)
def f():
    z = 1
    del z
    try:
        return z
    except UnboundLocalError as e:
        return str(e)
print(f())
def g():
    a = 1
    def h():
        return a
    del a
    try:
        return h()
    except NameError as e:
        return str(e)
print(g())
class C:
    attr = 1
c = C()
c.x = 1
del c.x
try:
    del c.x
except AttributeError as e:
    print(e)
del C.attr
print(hasattr(C, "attr"))
gl = 1
def kill():
    global gl
    del gl
kill()
try:
    gl
except NameError as e:
    print(e)
a, b = [1, 2, 3], [4, 5]
del a[0], b[-1]
print(a, b)
lst2 = list(range(10))
del lst2[::2]
print(lst2)
for j in range(3):
    tmp = j
del tmp, j
print("j" in dir(), "tmp" in dir())
n = 0
while True:
    v = n
    n += 1
    if n > 1000:
        break
    del v
print(n, v)
