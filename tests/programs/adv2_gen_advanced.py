def g1():
    try:
        yield 1
        yield 2
    finally:
        print("g1 finally")
x = g1()
print(next(x))
x.close()
print("closed")
try:
    next(x)
except StopIteration:
    print("stopped")
def g2():
    try:
        yield 1
    except GeneratorExit:
        print("GE")
        raise
y = g2()
next(y)
y.close()
def g3():
    while True:
        try:
            v = yield
        except ValueError:
            print("VE inside")
            yield "recovered"
z = g3()
next(z)
print(z.throw(ValueError))
print(next(z))
def inner():
    try:
        while True:
            v = yield
            print("inner got", v)
    except KeyError:
        print("inner KE")
        return "ret"
def outer():
    r = yield from inner()
    print("outer r", r)
    yield "after"
o = outer()
next(o)
o.send(1)
o.send(2)
def countdown(n):
    while n > 0:
        yield n
        n -= 1
    return "liftoff"
def wrap():
    result = yield from countdown(3)
    yield result
print(list(wrap()))
def early():
    yield 1
    return
    yield 2
print(list(early()))
gen = (i for i in range(3))
print(list(gen), list(gen))
def running():
    yield me.gi_running if hasattr(me, "gi_running") else True
me = running()
def reenter():
    yield next(r2)
r2 = reenter()
try:
    next(r2)
except ValueError as e:
    print("VE", e)
def stopiter_in_gen():
    yield 1
    raise StopIteration
try:
    list(stopiter_in_gen())
except RuntimeError as e:
    print("RE", e)
def gsum(n):
    s = 0
    for i in range(n):
        s += i
        if i % 1000 == 0:
            yield s
print(sum(gsum(100000)))
