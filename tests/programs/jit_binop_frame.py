# Binary operators on instances in hot traces, whose dunder frame machine code enters and
# leaves itself (:inline-binop:): `+`, `-`, `*` and `+=` on a class with Python dunders,
# with an instance, an int and a float on the right, a side exit inside the dunder, a dunder
# that raises, one that returns NotImplemented in the middle of a hot loop (the TypeError of
# the generic operator), one rebound on the class mid-loop, a dunder whose frame is too big
# for the inline return (the host's path), recursion through `+` to a RecursionError, and at
# the end an error inside a dunder that nothing catches (its traceback lines are checked by
# crates/cli/tests/tier2.rs).


class Vec:
    def __init__(self, x, y):
        self.x = x
        self.y = y

    def __add__(self, o):
        return Vec(self.x + o.x, self.y + o.y)

    def __sub__(self, o):
        return Vec(self.x - o.x, self.y - o.y)

    def __mul__(self, k):
        return Vec(self.x * k, self.y * k)


def vec_loop(n):
    a = Vec(0.0, 0.0)
    d = Vec(0.5, 0.25)
    for i in range(n):
        a = a + d
        a = a - d * 0.5
        a = a * 1
        a += d
    return a.x, a.y


class Money:
    def __init__(self, c):
        self.c = c

    def __add__(self, o):
        # An int for most, a float for every seventh: a side exit in the callee.
        if isinstance(o, Money):
            return Money(self.c + o.c)
        return Money(self.c + (o if o % 7 else o / 7))

    def __sub__(self, o):
        if o.c > 10**6:
            raise ValueError("too much")
        return Money(self.c - o.c)


def money_loop(n):
    m = Money(0)
    one = Money(1)
    big = Money(10**7)
    errors = 0
    for i in range(n):
        m = m + one
        m = m + i
        try:
            m = m - (big if i % 97 == 3 else one)
        except ValueError:
            errors += 1
    return m.c, errors


class Picky:
    def __init__(self, v):
        self.v = v

    def __add__(self, o):
        if o == 13:
            return NotImplemented
        return self.v + o


def picky_loop(n):
    p = Picky(2)
    t = 0
    caught = []
    for i in range(n):
        try:
            t += p + (i % 17)
        except TypeError as e:
            caught.append(str(e))
    return t, len(caught), caught[0]


class Re:
    def __init__(self, v):
        self.v = v

    def __add__(self, o):
        return Re(self.v + o)


def other_add(self, o):
    return Re(self.v - o)


def rebound_loop(n):
    r = Re(0)
    for i in range(n):
        if i == n // 2:
            Re.__add__ = other_add
        r = r + 1
    return r.v


class Big:
    def __init__(self, v):
        self.v = v

    def __add__(self, o):
        a, b, c, d, e, f, g, h, k = 1, 2, 3, 4, 5, 6, 7, 8, 9
        return Big(self.v + o + a + b + c + d + e + f + g + h + k - 45)


def big_loop(n):
    b = Big(0)
    for i in range(n):
        b = b + i
    return b.v


class Deep:
    def __init__(self, n):
        self.n = n

    def __add__(self, o):
        if self.n == 0:
            return o
        return Deep(self.n - 1) + (o + 1)


def deep(n):
    try:
        return Deep(n) + 0
    except RecursionError:
        return "RecursionError"


class Bad:
    def __init__(self, v):
        self.v = v

    def __add__(self, o):
        if o > 2500:
            raise KeyError(o)
        return Bad(self.v + 1)


for _ in range(3):
    print(vec_loop(3000))
    print(money_loop(3000))
    print(picky_loop(3000))
    print(rebound_loop(3000))
    print(big_loop(3000))
print(deep(50), deep(100000))
x = Bad(0)
for i in range(3000):
    x = x + i
print(x.v)
