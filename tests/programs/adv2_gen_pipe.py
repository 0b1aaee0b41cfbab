def nums(n):
    for i in range(n):
        yield i
def sq(it):
    for x in it:
        yield x * x
def evens(it):
    for x in it:
        if x % 2 == 0:
            yield x
def chunk(it, k):
    buf = []
    for x in it:
        buf.append(x)
        if len(buf) == k:
            yield tuple(buf)
            buf = []
    if buf:
        yield tuple(buf)
print(sum(evens(sq(nums(50000)))))
print(list(chunk(evens(sq(nums(25))), 4)))
def accum():
    total = 0
    while True:
        v = yield total
        if v is None:
            break
        total += v
    return total
g = accum()
next(g)
for i in range(10000):
    g.send(i)
try:
    g.send(None)
except StopIteration as e:
    print("ret", e.value)
def inner(n):
    for i in range(n):
        got = yield i
        if got:
            print("inner got", got)
    return "inner-done-%d" % n
def outer():
    r = yield from inner(3)
    print(r)
    r2 = yield from inner(2)
    print(r2)
    yield from [100, 200]
    return "outer"
o = outer()
print(next(o))
print(o.send("hi"))
for v in o:
    print("v", v)
def flatten(x):
    if isinstance(x, list):
        for y in x:
            yield from flatten(y)
    else:
        yield x
nested = [1, [2, [3, [4, [5, [6]]]], 7], [[8], 9]]
print(list(flatten(nested)))
deep = 0
for i in range(200):
    deep = [deep, i]
print(sum(flatten(deep)))
ge = (x * 2 for x in range(10) if x % 3)
print(next(ge), list(ge), list(ge))
def fib():
    a, b = 0, 1
    while True:
        yield a
        a, b = b, a + b
fg = fib()
for _ in range(90):
    next(fg)
print([next(fg) for _ in range(3)])
def thrower():
    try:
        yield 1
        yield 2
    except ValueError as e:
        yield "caught %s" % e
    yield 3
t = thrower()
print(next(t), t.throw(ValueError("x")), next(t))
try:
    next(t)
except StopIteration:
    print("stop")
