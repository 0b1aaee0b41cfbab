def helper(x):
    return x + 1
def caller(n):
    s = 0
    for i in range(n):
        s += helper(i)
    return s
print(caller(5000))
def swap():
    global helper
    helper = lambda x: x * 2
r = 0
for i in range(3000):
    r += caller(3)
    if i == 1500:
        swap()
print(r)
class Obj:
    def __init__(self):
        self.v = 1
objs = [Obj() for _ in range(10)]
s = 0
for rep in range(500):
    for o in objs:
        s += o.v
    if rep == 250:
        objs[3].v = 1.5
    if rep == 300:
        objs[4].v = "x" if False else 2**70
    if rep == 400:
        Obj.v = 0
        del objs[5].v
print(s)
def maybe_raise(i):
    if i == 7777:
        raise ValueError(i)
    return i
def loop():
    t = 0
    for i in range(10000):
        try:
            t += maybe_raise(i)
        except ValueError as e:
            t -= e.args[0] * 1000
    return t
print(loop(), loop())
def inner_loop(n):
    acc = 0
    for i in range(n):
        for j in range(i % 13):
            acc += j * i
            if acc > 10**12:
                acc //= 3
    return acc
print(inner_loop(20000))
x = [0]
for x[0] in range(5):
    pass
print(x)
class H:
    pass
h = H()
for h.attr in "abc":
    pass
print(h.attr)
d = {}
for d['k'] in range(3):
    pass
print(d)
def recursion_in_loop():
    def f(n):
        return 0 if n == 0 else 1 + f(n - 1)
    t = 0
    for i in range(300):
        t += f(i % 50)
    return t
print(recursion_in_loop())
def big_loop():
    t = 0
    i = 0
    while i < 2000000:
        t += i & 255
        i += 1
    return t
print(big_loop())
l = list(range(1000))
for i in range(len(l)):
    l[i] = l[i] * l[i] if i % 2 else -l[i]
print(sum(l), l[:6])
