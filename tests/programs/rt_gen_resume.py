# Generator resume and yield paths: the function and globals move between the generator and
# its frame record at every resume and yield; they must be there whenever the body runs.
SCALE = 2


def scaled(n):
    for i in range(n):
        yield i * SCALE


g = scaled(6)
print(next(g), next(g))
SCALE = 10
print(list(g))


def talker():
    got = []
    while True:
        x = yield len(got)
        if x is None:
            break
        got.append(x)
    return got


t = talker()
print(next(t), t.send("a"), t.send("b"))
try:
    t.send(None)
except StopIteration as e:
    print("returned", e.value)


def selfish():
    yield next(me)


me = selfish()
try:
    next(me)
except ValueError as e:
    print("ValueError", e)
print(list(me))


def closer():
    try:
        yield 1
        yield 2
    finally:
        print("closed with", SCALE)


c = closer()
print(next(c))
c.close()
print(list(c))


def thrower():
    while True:
        try:
            yield "ok"
        except KeyError as e:
            yield "caught " + str(e)


th = thrower()
print(next(th), th.throw(KeyError("k")), next(th))


def inner(k):
    total = 0
    for i in range(k):
        total += yield i
    return total


def outer():
    r = yield from inner(3)
    yield "inner returned %d" % r


o = outer()
print(next(o), o.send(5), o.send(6), o.send(7))


def tree(d):
    if d:
        yield from tree(d - 1)
        yield d
        yield from tree(d - 1)


print(sum(tree(10)), len(list(tree(8))))
print(sum(x * x for x in range(1000)), set(i % 7 for i in range(100)) == set(range(7)))
gens = [scaled(3) for _ in range(4)]
print([next(x) for x in gens], [list(x) for x in gens])
