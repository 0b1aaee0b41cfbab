# The with statement: __enter__/__exit__ order, `as` targets (names, attributes,
# tuples), several items, exceptions through the body (suppressed or not), __exit__ raising,
# return/break/continue out of a with body, nesting, a context manager that is not one, and
# a hot loop of with blocks.


class CM:
    def __init__(self, name, suppress=False, log=None):
        self.name = name
        self.suppress = suppress
        self.log = log

    def __enter__(self):
        if self.log is None:
            print("enter", self.name)
        return self.name.upper()

    def __exit__(self, t, v, tb):
        if self.log is None:
            print("exit", self.name, t.__name__ if t else None, v)
        else:
            self.log.append((self.name, t is None))
        return self.suppress


with CM("a") as x:
    print("body", x)
with CM("b"), CM("c") as y:
    print("two", y)
try:
    with CM("d") as z:
        raise ValueError("boom")
except ValueError as e:
    print("caught", e)
with CM("e", True):
    print(1 / 0)
print("after suppress")


class Holder:
    pass


h = Holder()
with CM("attr") as h.value:
    pass
with CM("tuple") as (p, q, *rest):
    print(p, q, rest)
print(h.value)


def f():
    for i in range(3):
        with CM("loop%d" % i):
            if i == 1:
                continue
            if i == 2:
                return "ret"
            print("i", i)


print(f())


def g():
    while True:
        with CM("brk"):
            break
    return 5


print(g())


def nested():
    with CM("outer"):
        with CM("inner", True):
            raise KeyError("k")
        print("inner suppressed")
        return [1, 2]


print(nested())


class BadExit:
    def __enter__(self):
        return self

    def __exit__(self, *a):
        raise RuntimeError("exit failed")


try:
    with BadExit():
        raise ValueError("original")
except RuntimeError as e:
    print("RuntimeError", e, type(e.__context__).__name__)
try:
    with 5:
        pass
except TypeError as e:
    print(e)


class NoExit:
    def __enter__(self):
        return 1


try:
    with NoExit():
        pass
except TypeError as e:
    print(e)


class Counter:
    def __init__(self):
        self.n = 0
        self.depth = 0

    def __enter__(self):
        self.depth += 1
        return self

    def __exit__(self, t, v, tb):
        self.depth -= 1
        self.n += 1
        return t is ZeroDivisionError


def hot(n):
    c = Counter()
    total = 0
    log = []
    for k in range(n):
        with c as cc:
            total += k % 7
            if k % 100 == 99:
                total += 1 // (k % 2 - 1)  # ZeroDivisionError every 200, suppressed
        with CM("h", log=log):
            total += cc.depth
    return total, c.n, c.depth, len(log), log[:2]


print(hot(3000))
