# Calls with keyword arguments (CALL_KW) and with `*args` / `**kwargs` (CALL_FUNCTION_EX)
# in hot loops: tier 2 runs both as generic uops whose callee, a Python one too, runs to
# its return nested (decision 109), so traces, exits and deopts cross them under every
# engine. Callees of every kind (functions with defaults, keyword-only and `**` parameters,
# bound methods, classes, builtins, callable objects, generators), errors raised by the
# call and inside the callee with their lines, and the keyword errors CPython names the
# callable in.


class Square:
    def __init__(self, pos):
        self.pos = pos
        self.reference = self

    def find(self, update=False):
        reference = self.reference
        if reference.pos != self.pos:
            reference = reference.find(update)
            if update:
                self.reference = reference
        return reference


class Point:
    def __init__(self, x, y=0, *, z=0):
        self.x, self.y, self.z = x, y, z


class Adder:
    def __call__(self, a, b=1, **extra):
        return a + b + len(extra)


class Counted:
    # `f(*c)` asks `c` for its iterator once (its `__iter__` runs once per call).
    calls = 0

    def __iter__(self):
        Counted.calls += 1
        return iter((1, 2))


class Countdown:
    # An iterator whose `__iter__` counts too: `f(*it)` calls it once, then `__next__`.
    calls = 0

    def __init__(self, n):
        self.n = n

    def __iter__(self):
        Countdown.calls += 1
        return self

    def __next__(self):
        if self.n == 0:
            raise StopIteration
        self.n -= 1
        return self.n


class Pair(tuple):
    # A tuple subclass with its own `__iter__`: `f(*p)` goes through it, as in CPython.
    def __iter__(self):
        return iter((7, 8))


def plot(x, y, *colour, scale=1, **opts):
    return (x + y + sum(colour)) * scale + len(opts)


def kwonly(a, *, b, c=3):
    return a * b + c


def gen(n, step=1):
    i = 0
    while i < n:
        yield i
        i += step


def keywords(n):
    squares = [Square(i) for i in range(8)]
    for i in range(1, 8):
        squares[i].reference = squares[i - 1]
    add = Adder()
    total = 0
    for i in range(n):
        sq = squares[i % 8]
        total += sq.find(update=i % 3 == 0).pos
        p = Point(i, y=2, z=i % 5)
        total += p.x + p.y + p.z
        total += kwonly(i, b=2) + kwonly(a=1, b=i, c=0)
        total += add(i, b=3, extra=1)
        total += max(i, 7, key=abs) + int("11", base=2)
        total += sum(gen(5, step=2))
        total += len(sorted([3, 1, i], reverse=True))
        total += dict(a=i, b=2)["a"]
    return total


def starred(n):
    colour = (1, 2, 3)
    opts = {"scale": 2}
    more = {"extra": 5}
    add = Adder()
    total = 0
    for i in range(n):
        total += plot(i, *colour)
        total += plot(*colour, **opts)
        total += plot(i, 1, *colour, **opts, **more)
        total += add(*(i,), **more)
        total += kwonly(*[i], **{"b": 3})
        total += max(*colour, i)
        p = Point(*(i, 1), **{"z": 2})
        total += p.x + p.y + p.z
        total += sum(*[gen(4)])
        total += plot(*Counted()) + plot(*Countdown(3)) + plot(*Pair((1, 2)))
    print("__iter__ calls", Counted.calls, Countdown.calls)
    return total


def raises_inside(n):
    # The callee raises on the last pass: its line and the call's are in the traceback.
    def inner(a, b=0):
        return 10 // (a - b)

    out = 0
    for i in range(n):
        try:
            out += inner(i, b=n - 1)
        except ZeroDivisionError as e:
            out += 1000
            print("caught", type(e).__name__, e)
        try:
            out += inner(*(i,), **{"b": n - 2})
        except ZeroDivisionError:
            out += 2000
    return out


def errors():
    cases = [
        lambda: kwonly(1, b=2, d=4),
        lambda: kwonly(1, c=2),
        lambda: plot(1, 2, **{"scale": 1}, **{"scale": 2}),
        lambda: plot(1, 2, **[1]),
        lambda: Point(1, **3),
        lambda: plot(*None),
        lambda: plot(1, *5),
        lambda: len(**{"a": 1}),
        lambda: print(**{1: 1}),
        lambda: kwonly(**{1: 2}),
        lambda: Square(1).find(**{"update": 1}, **{"update": 2}),
        lambda: max(1, 2, key=None, default=1, bad=2),
        lambda: Point(**{"x": 1, "y": 2}, x=4),
        lambda: Adder()(1, *3),
    ]
    for _ in range(40):
        for f in cases:
            try:
                f()
            except TypeError as e:
                last = str(e)
    for f in cases:
        try:
            f()
        except TypeError as e:
            print(e)
    print(last)


print(keywords(2000))
print(starred(2000))
print(raises_inside(300))
errors()


def uncaught(n):
    total = 0
    for i in range(n):
        total += plot(i, *(1, 2), scale=10 // (n - 1 - i))
    return total


print(uncaught(500))
