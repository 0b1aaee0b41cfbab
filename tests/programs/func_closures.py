# Closures, factories, late binding, nonlocal counters.
def make_adder(n):
    def add(x):
        return x + n
    return add
adders = [make_adder(i) for i in range(5)]
print([a(10) for a in adders])
late = [lambda: i for i in range(3)]
print([f() for f in late])
bound = [lambda i=i: i for i in range(3)]
print([f() for f in bound])
def counter():
    count = 0
    def inc(step=1):
        nonlocal count
        count += step
        return count
    def get():
        return count
    return inc, get
inc, get = counter()
for i in range(1000):
    inc(i % 3)
print(get())
inc2, get2 = counter()
inc2(5)
print(get(), get2())
def compose(*fs):
    def run(x):
        for f in reversed(fs):
            x = f(x)
        return x
    return run
pipeline = compose(lambda x: x + 1, lambda x: x * 2, abs)
print(pipeline(-5), pipeline(3))
def memoize(fn):
    cache = {}
    def wrapped(n):
        if n not in cache:
            cache[n] = fn(n)
        return cache[n]
    return wrapped
@memoize
def slow_fib(n):
    return n if n < 2 else slow_fib(n - 1) + slow_fib(n - 2)
print(slow_fib(150))
def outer():
    x = "outer"
    def middle():
        def inner():
            return x
        return inner
    return middle()()
print(outer())
def accum():
    total = [0]
    def add(v):
        total[0] += v
        return total[0]
    return add
acc = accum()
s = 0
for i in range(5000):
    s = acc(i)
print(s)
def make_multipliers():
    res = []
    for k in range(1, 4):
        def m(x, k=k):
            return x * k
        res.append(m)
    return res
print([m(10) for m in make_multipliers()])
