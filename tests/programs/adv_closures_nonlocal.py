def make_counter():
    n = 0
    def inc(step=1):
        nonlocal n
        n += step
        return n
    return inc
c = make_counter()
for i in range(1000):
    c()
print(c(), c(10))
fs = [lambda: i for i in range(5)]
print([f() for f in fs])
fs2 = [lambda i=i: i for i in range(5)]
print([f() for f in fs2])
def outer():
    x = 1
    def mid():
        x = 2
        def inner():
            nonlocal x
            x += 10
            return x
        return inner() + x
    return mid() + x
print(outer())
def acc():
    items = []
    def add(v):
        items.append(v)
        return len(items)
    def get():
        return items
    return add, get
add, get = acc()
for i in range(5):
    add(i * i)
print(get())
def late():
    def f():
        return y
    y = 5
    return f
print(late()())
x = "global"
def shadow():
    x = "local"
    def f():
        return x
    return f()
print(shadow(), x)
def gchange():
    global x
    x = "changed"
gchange()
print(x)
def make_adders():
    return [lambda v, k=k: v + k for k in range(3)]
print([f(10) for f in make_adders()])
def counter_gen():
    count = 0
    def bump():
        nonlocal count
        count += 1
        return count
    while True:
        yield bump()
cg = counter_gen()
print([next(cg) for _ in range(4)])
