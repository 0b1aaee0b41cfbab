def g():
    for i in range(5):
        try:
            yield i
        except ValueError as e:
            print("gen caught", e)
            yield -1
gen = g()
print(next(gen), next(gen))
print(gen.throw(ValueError("boom")))
print(next(gen), list(gen))
def h():
    try:
        yield 1
        yield 2
    finally:
        print("h finally")
x = h()
print(next(x))
x.close()
print("closed")
def raiser():
    yield 1
    raise KeyError("in gen")
try:
    for v in raiser():
        print("v", v)
except KeyError as e:
    print("KeyError", e)
def gen_return():
    yield 1
    return 99
def outer():
    r = yield from gen_return()
    print("inner returned", r)
    yield r
print(list(outer()))
def infinite():
    i = 0
    while True:
        yield i
        i += 1
total = 0
for v in infinite():
    if v > 10000:
        break
    total += v
print(total)
def pipeline(n):
    evens = (x for x in range(n) if x % 2 == 0)
    squares = (x * x for x in evens)
    return sum(squares)
print(pipeline(1000))
gens = [g() for _ in range(3)]
print([next(q) for q in gens])
def counter(n):
    while n:
        n -= 1
        yield n
c = counter(3)
print(list(c), next(c, "exhausted"))
def bad():
    yield 1/0
try:
    list(bad())
except ZeroDivisionError:
    print("ZDE from gen")
def gen_in_loop():
    for i in range(1000):
        yield sum(j for j in range(i % 10))
print(sum(gen_in_loop()))
