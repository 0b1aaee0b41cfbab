# SEND resumes a generator or a coroutine as a frame of the running eval loop (CPython 3.12's
# SEND_GEN): yield from chains, the value a delegated generator returns, values sent down the
# chain, an exception thrown in or raised inside (traceback lines), StopIteration inside a
# delegated generator (PEP 479), close(), and await chains.


def leaf(n):
    for i in range(n):
        got = yield i
        if got is not None:
            yield ("got", got)
    return n * 10


def middle(n):
    r = yield from leaf(n)
    r2 = yield from leaf(1)
    return r + r2


def outer(n):
    total = yield from middle(n)
    yield ("total", total)


print(list(outer(4)))

g = outer(3)
print(next(g), g.send("hello"), next(g), next(g))


def returns_on_throw():
    try:
        yield 1
    except KeyError:
        return "returned"


def wraps_return():
    r = yield from returns_on_throw()
    yield ("after", r)


w = wraps_return()
print(next(w), w.throw(KeyError("k")))


class ThrowIter:
    """A sub-iterator that is not a generator, with a throw() of its own."""

    def __init__(self):
        self.n = 0

    def __iter__(self):
        return self

    def __next__(self):
        self.n += 1
        return self.n

    def throw(self, exc):
        return ("thrown", type(exc).__name__)


def wraps_iter():
    yield from ThrowIter()


t = wraps_iter()
print(next(t), next(t), t.throw(IndexError()), next(t))


def catcher():
    try:
        yield 1
    except ValueError as e:
        yield ("caught", str(e))
    yield 2


def delegate():
    yield from catcher()
    yield 3


d = delegate()
print(next(d), d.throw(ValueError("boom")), next(d), next(d))


def raises_stop():
    yield 1
    raise StopIteration("inner")


def wraps_stop():
    yield from raises_stop()


try:
    print(list(wraps_stop()))
except RuntimeError as e:
    print("RuntimeError", e, type(e.__cause__).__name__)


def closer():
    try:
        yield 1
        yield 2
    finally:
        print("closed inner")


def closer_outer():
    yield from closer()


c = closer_outer()
print(next(c))
c.close()


def tree(n):
    if n == 0:
        return
    yield from tree(n - 1)
    yield n
    yield from tree(n - 1)


print(sum(tree(12)), len(list(tree(10))))


async def fib(n):
    if n < 2:
        return n
    return await fib(n - 1) + await fib(n - 2)


def run(coro):
    try:
        coro.send(None)
    except StopIteration as e:
        return e.value


print(run(fib(18)))


async def stops():
    raise StopIteration("in a coroutine")


async def awaits_stop():
    return await stops()


try:
    run(awaits_stop())
except RuntimeError as e:
    print("RuntimeError", e, repr(e.__cause__), e.__suppress_context__)


def bad(n):
    yield from leaf(2)
    return 1 / n


def bad_outer():
    x = yield from bad(0)
    yield x


for v in bad_outer():
    print(v)
