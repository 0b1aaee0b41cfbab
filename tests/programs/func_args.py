# Positional, default, keyword, keyword-only, *args, **kwargs.
def f(a, b, c=3, d=4):
    return (a, b, c, d)
print(f(1, 2), f(1, 2, 5), f(1, 2, d=9), f(b=1, a=2), f(1, c=7, b=8), f(*[1, 2, 3]), f(**{"a": 1, "b": 2, "d": 0}))
def g(*args):
    return len(args), args
print(g(), g(1), g(1, "two", [3]), g(*range(5)))
def h(**kw):
    return sorted(kw.items())
print(h(), h(x=1, y=2), h(**{"z": 26}))
def mix(a, b=2, *rest, key="k", flag=False, **extra):
    return (a, b, rest, key, flag, sorted(extra.items()))
print(mix(1))
print(mix(1, 2, 3, 4, key="K", other=5))
print(mix(1, flag=True, zzz=0, aaa=1))
def kwonly(a, *, scale=1, offset):
    return a * scale + offset
print(kwonly(3, offset=1), kwonly(3, scale=10, offset=0))
try:
    kwonly(1, 2)
except TypeError as e:
    print("TypeError:", e)
try:
    kwonly(1)
except TypeError as e:
    print("TypeError:", e)
try:
    f(1)
except TypeError as e:
    print("TypeError:", e)
try:
    f(1, 2, a=3)
except TypeError as e:
    print("TypeError:", e)
try:
    f(1, 2, zz=3)
except TypeError as e:
    print("TypeError:", e)
try:
    f(1, 2, 3, 4, 5)
except TypeError as e:
    print("TypeError:", e)
def noargs():
    return "none"
try:
    noargs(1)
except TypeError as e:
    print("TypeError:", e)
total = 0
for i in range(5000):
    total += f(i, 1)[0] + f(i, b=2, d=i)[3] + len(g(i, i, i)[1]) + mix(i, key=i)[3]
print("total", total)
def defaults_eval(x, acc=[]):
    acc.append(x)
    return len(acc)
print([defaults_eval(i) for i in range(5)])
def star_call(a, b, c):
    return a * 100 + b * 10 + c
args = (1, 2)
print(star_call(*args, 3), star_call(9, *[8, 7]), star_call(*(4, 5, 6)))
