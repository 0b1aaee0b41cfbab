def compose(*fs):
    def h(x):
        for f in reversed(fs):
            x = f(x)
        return x
    return h
inc = lambda x: x + 1
dbl = lambda x: x * 2
sq = lambda x: x * x
c = compose(inc, dbl, sq)
print([c(i) for i in range(6)])
def memoize(fn):
    cache = {}
    def wrapper(*args):
        if args not in cache:
            cache[args] = fn(*args)
        return cache[args]
    wrapper.cache = cache
    return wrapper
@memoize
def slow_fib(n):
    return n if n < 2 else slow_fib(n - 1) + slow_fib(n - 2)
print(slow_fib(150), len(slow_fib.cache))
def deco_with_args(prefix):
    def deco(fn):
        def inner(*a, **k):
            return prefix + str(fn(*a, **k))
        return inner
    return deco
@deco_with_args(">>")
def add(a, b=0):
    return a + b
print(add(1, b=2), add(5))
def counter_factory():
    counts = {}
    def count(word):
        counts[word] = counts.get(word, 0) + 1
        return counts[word]
    return count
cnt = counter_factory()
for w in "a b a c b a".split():
    r = cnt(w)
print(r)
def curry(f):
    def a(x):
        def b(y):
            return f(x, y)
        return b
    return a
print(curry(lambda x, y: x ** y)(2)(10))
total = 0
for i in range(5000):
    def local(v, i=i):
        return v + i
    total += local(1)
print(total)
def apply_n(f, n, x):
    for _ in range(n):
        x = f(x)
    return x
print(apply_n(lambda v: (v * 3 + 1) % 1000003, 100000, 7))
def gen_funcs():
    out = []
    for i in range(3):
        def f():
            return i
        out.append(f)
    return out
print([f() for f in gen_funcs()])
def stateful():
    stateful.calls = getattr(stateful, 'calls', 0) + 1
    return stateful.calls
for _ in range(4):
    stateful()
print(stateful.calls)
