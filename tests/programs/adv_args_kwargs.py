def f(a, b=2, *args, c, d=4, **kw):
    return (a, b, args, c, d, sorted(kw.items()))
print(f(1, c=3))
print(f(1, 2, 3, 4, c=5, e=6, d=7))
print(f(*[1, 2, 3], **{'c': 9, 'z': 1}))
def g(*, key):
    return key
print(g(key=1))
try:
    g(1)
except TypeError as e:
    print("TypeError", e)
try:
    f(1)
except TypeError as e:
    print("TypeError", e)
def app(x, lst=[]):
    lst.append(x)
    return lst
for i in range(3):
    print(app(i))
print(app(9, []))
def d(x, y={}):
    y[x] = len(y)
    return y
d(1); d(2)
print(d(3))
def star(*a, **k):
    return len(a), len(k)
print(star(), star(*range(10), **dict(a=1, b=2)))
def pos_only(a, b, /, c):
    return a + b + c
print(pos_only(1, 2, c=3))
try:
    pos_only(a=1, b=2, c=3)
except TypeError as e:
    print("TypeError")
args = (1, 2)
kwargs = {'c': 3}
print(pos_only(*args, **kwargs))
def defaults_time(x=[i * 2 for i in range(3)]):
    return x
print(defaults_time())
print(f.__name__, f.__defaults__, f.__kwdefaults__)
def merge(**kw):
    return kw
print(merge(**{'a': 1}, **{'b': 2}), merge(a=1, **{'b': 2}))
try:
    merge(**{'a': 1}, a=2)
except TypeError as e:
    print("TypeError dup")
s = 0
for i in range(20000):
    s += f(i, c=i)[3]
print(s)
print((lambda *a, **k: (a, k))(1, 2, x=3))
