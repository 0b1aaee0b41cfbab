# Constructor calls in hot traces, whose `__init__` frame machine code enters and leaves
# itself (:inline-init:): defaults, a side exit inside `__init__`, an `__init__` that raises,
# one that returns something other than None in the middle of a hot loop, an inherited one,
# one rebound on the class mid-loop, a class whose metaclass is its own, a RecursionError
# raised at the frame push, frames too big or with `*args` (the host's path), and at the end
# an error inside `__init__` that nothing catches (its traceback lines are checked by
# crates/cli/tests/tier2.rs).


class V:
    def __init__(self, x, y=1.5):
        self.x = x
        self.y = y


class W(V):
    pass


class Odd:
    def __init__(self, i):
        # An int for most, a float for every fifth: a side exit in the callee.
        self.v = i / 2 if i % 5 == 0 else i * 3


def make_vs(n):
    t = 0.0
    for i in range(n):
        v = V(i * 0.5)
        w = W(i, 2.0)
        t += v.x * v.y + w.x * w.y
    return t


def make_odds(n):
    t = 0
    for i in range(n):
        t += Odd(i).v
    return t


print(make_vs(3000), make_odds(3000))


class Picky:
    def __init__(self, i):
        if i == 2500:
            return i  # TypeError: __init__() should return None
        self.i = i


def picky(n):
    made = 0
    for i in range(n):
        try:
            Picky(i)
            made += 1
        except TypeError as e:
            print("TypeError", e)
    return made


print(picky(3000))


class Raiser:
    def __init__(self, i):
        if i % 1000 == 999:
            raise ValueError(i)
        self.i = i


def raisers(n):
    bad = 0
    for i in range(n):
        try:
            Raiser(i)
        except ValueError:
            bad += 1
    return bad


print(raisers(3000))


class Re:
    def __init__(self, i):
        self.i = i


def rebinding(n):
    t = 0
    for i in range(n):
        if i == n // 2:
            def other(self, i):
                self.i = -i
            Re.__init__ = other
        t += Re(i).i
    return t


print(rebinding(2000))


class Meta(type):
    pass


class M(metaclass=Meta):
    def __init__(self, i):
        self.i = i + 1


class Big:
    def __init__(self, a, b, c, d, e, f, g, h, i):
        self.s = a + b + c + d + e + f + g + h + i


class Star:
    def __init__(self, *args):
        self.n = len(args)


def others(n):
    t = 0
    for i in range(n):
        t += M(i).i + Big(i, 1, 2, 3, 4, 5, 6, 7, 8).s + Star(i, i).n
    return t


print(others(2000))


class Deep:
    def __init__(self, k):
        self.child = Deep(k - 1) if k > 0 else None


for k in range(3):
    try:
        Deep(5000)
    except RecursionError:
        print("RecursionError", k)


class Checked:
    def __init__(self, i):
        if i >= 1500:
            raise IndexError(f"index {i} out of range")
        self.i = i


total = 0
for i in range(2000):
    total += Checked(i).i
print(total)
