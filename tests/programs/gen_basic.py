# Generator functions: yield, iteration, next(), return ending iteration.
def count_up(n):
    i = 0
    while i < n:
        yield i
        i += 1
print(list(count_up(5)), sum(count_up(1000)))
g = count_up(3)
print(next(g), next(g), next(g), next(g, "exhausted"))
try:
    next(g)
except StopIteration:
    print("StopIteration raised")
def with_return():
    yield 1
    yield 2
    return "ret-value"
    yield 3
print(list(with_return()))
gr = with_return()
next(gr)
next(gr)
try:
    next(gr)
except StopIteration as e:
    print("stop value", e.args)
def evens(limit):
    for i in range(limit):
        if i % 2 == 0:
            yield i
total = 0
for e in evens(20000):
    total += e
print("total", total)
def pairs(xs):
    for i in range(len(xs)):
        for j in range(i + 1, len(xs)):
            yield xs[i], xs[j]
print(list(pairs("abcd")))
def gen_state():
    print("started")
    yield "a"
    print("resumed")
    yield "b"
    print("ending")
for v in gen_state():
    print("got", v)
def empty():
    return
    yield
print(list(empty()), type(count_up(1)).__name__)
g2 = count_up(10)
for v in g2:
    if v == 4:
        break
print("after break", list(g2))
def in_try():
    try:
        yield 1
        yield 2
    finally:
        print("gen finally")
for v in in_try():
    print("v", v)
