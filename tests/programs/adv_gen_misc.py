def countdown(n):
    while n > 0:
        yield n
        n -= 1
    return "done"
print(list(countdown(5)))
g = countdown(2)
print(next(g), next(g))
try:
    next(g)
except StopIteration as e:
    print("stop", e.value)
def fib():
    a, b = 0, 1
    while True:
        yield a
        a, b = b, a + b
f = fib()
for i in range(100):
    v = next(f)
print(v)
print(sum(x * x for x in range(1000) if x % 3))
def echo():
    total = 0
    while True:
        x = yield total
        if x is None:
            break
        total += x
e = echo()
next(e)
for i in range(10):
    r = e.send(i)
print(r)
def gen_with_finally():
    try:
        yield 1
        yield 2
    finally:
        print("gen cleanup")
for x in gen_with_finally():
    print("got", x)
def yf():
    yield from range(3)
    r = yield from countdown(2)
    yield r
print(list(yf()))
gens = [(i * j for j in range(3)) for i in range(3)]
print([list(g) for g in gens])
it = iter([1, 2, 3])
print(list(zip(it, it)))
def chained():
    for i in range(3):
        yield from (i * k for k in range(i))
print(list(chained()))
g2 = (x for x in range(5))
print(list(g2), list(g2))
print(max(x % 7 for x in range(100)), min((x for x in []), default="empty"))
