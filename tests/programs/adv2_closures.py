fs = []
for i in range(5):
    fs.append(lambda: i)
print([f() for f in fs])
fs = [lambda i=i: i for i in range(5)]
print([f() for f in fs])
def make():
    out = []
    for j in range(4):
        def g():
            return j * 10
        out.append(g)
    j = 99
    return out
print([g() for g in make()])
def counter():
    c = 0
    def inc(by=1):
        nonlocal c
        c += by
        return c
    def get():
        return c
    return inc, get
inc, get = counter()
for k in range(50000):
    inc(k % 3)
print(get())
def outer():
    x = 0
    def mid():
        nonlocal x
        def inner():
            nonlocal x
            x += 1
            return x
        for _ in range(100):
            inner()
        return inner
    f = mid()
    f()
    return x
print(outer())
adders = {n: (lambda m: lambda v: v + m)(n) for n in range(10)}
print(sum(adders[i % 10](i) for i in range(10000)))
def gen_closures():
    x = 1
    fns = []
    while x < 1000:
        fns.append(lambda y, x=x: x * y)
        x *= 3
    return fns
print([f(2) for f in gen_closures()])
g = 5
def glob_nested():
    def inner():
        global g
        g += 1
        return g
    for _ in range(10):
        inner()
    return g
print(glob_nested(), g)
def shadow():
    total = 0
    for total in range(5):
        pass
    return total
print(shadow())
