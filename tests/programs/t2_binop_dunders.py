# Binary operators on instances whose class defines the dunder in Python: BINARY_OP_PY enters
# `__add__` (and the rest) as a frame, in tier 1 and in traces (:binop-frame:). Every case
# runs in a hot loop so that it specializes, forms traces and takes their exits: the result,
# a NotImplemented that becomes the generic TypeError, the in-place form with and without
# `__iadd__`, a reflected dunder on the other class, a subclass on the right, a dunder that
# raises (traceback line), a class whose dunder is replaced (the version guard), and a site
# that sees several classes.


class Vec:
    def __init__(self, x, y):
        self.x = x
        self.y = y

    def __add__(self, o):
        return Vec(self.x + o.x, self.y + o.y)

    def __sub__(self, o):
        if o.x == 99:
            return NotImplemented
        return Vec(self.x - o.x, self.y - o.y)

    def __mul__(self, o):
        return self.x * o.x + self.y * o.y

    def __truediv__(self, o):
        if o.x == 0:
            raise ZeroDivisionError("zero x")
        return Vec(self.x / o.x, self.y / o.y)

    def __repr__(self):
        return f"Vec({self.x}, {self.y})"


class Acc:
    def __init__(self, n):
        self.n = n

    def __add__(self, o):
        return Acc(self.n + o.n)

    def __iadd__(self, o):
        self.n += 2 * o.n
        return self


class Other:
    def __init__(self, x):
        self.x = x
        self.y = 0

    def __rsub__(self, o):
        return "rsub"


class Plain:
    def __init__(self, x):
        self.x = x
        self.y = 1


class SubVec(Vec):
    def __radd__(self, o):
        return "radd first"


def sums(n):
    a = Vec(0, 0)
    for i in range(n):
        a = a + Vec(i, 1)
        a = a - Plain(1)
        a += Vec(1, 1)
    return a


def dots(n):
    t = 0
    v = Vec(2, 3)
    for i in range(n):
        t += v * Vec(i, 1)
    return t


def not_implemented(n):
    seen = 0
    for i in range(n):
        try:
            Vec(1, 2) - Vec(99 if i % 50 == 49 else 1, 1)
        except TypeError as e:
            seen += 1
            last = str(e)
    return seen, last


def in_place(n):
    acc = Acc(0)
    plain = Acc(0)
    for i in range(n):
        acc += Acc(1)
        plain = plain + Acc(1)
    return acc.n, plain.n


def reflected(n):
    out = []
    for i in range(n):
        r = Vec(1, 1) - (Other(99) if i % 10 == 9 else Vec(1, 1))
        out.append(r if isinstance(r, str) else r.x)
    return out[-3:], out.count("rsub")


def subclass_right(n):
    out = []
    for i in range(n):
        r = Vec(1, 1) + (SubVec(2, 2) if i % 7 == 6 else Vec(2, 2))
        out.append(r if isinstance(r, str) else r.x)
    return out.count("radd first"), out[-1]


def divide(n):
    t = 0.0
    for i in range(n):
        try:
            t += (Vec(4, 8) / Vec(0 if i == n - 1 else 2, 2)).x
        except ZeroDivisionError as e:
            print("ZeroDivisionError", e, t)
    return t


def polymorphic(n):
    items = [Vec(1, 2), Acc(3), Vec(5, 6)]
    out = []
    for i in range(n):
        a = items[i % 3]
        b = Vec(1, 1) if isinstance(a, Vec) else Acc(1)
        out.append(a + b)
    return [getattr(v, "x", None) or getattr(v, "n", None) for v in out[-3:]]


class Scaled:
    def __init__(self, x):
        self.x = x

    def __mul__(self, k):
        if k == 7:
            return NotImplemented
        return Scaled(self.x * k)

    def __add__(self, k):
        return self.x + k


def numbers_right(n):
    """A number on the right: BINARY_OP_PY_FLOAT and BINARY_OP_PY_INT, a site that sees
    floats, small ints, big ints and instances in turn, and NotImplemented for each."""
    s = Scaled(1)
    t = 0.0
    errors = []
    for i in range(n):
        s = Scaled(1) * 2.0 if i % 2 else Scaled(1) * 3
        t += s.x + (Scaled(i) + (0.5 if i % 3 else 2))
        k = [7, 7.0, 2**70, Scaled(2)][i % 4] if i % 97 == 96 else 1
        try:
            t += (Scaled(1) * k).x if not isinstance(k, Scaled) else 0
        except TypeError as e:
            errors.append(str(e))
    return t, sorted(set(errors))


def replaced(n):
    t = 0
    for i in range(n):
        if i == n // 2:
            Vec.__mul__ = lambda self, o: 1000
        t += Vec(1, 1) * Vec(1, 1)
    return t


print(sums(3000))
print(dots(3000))
print(not_implemented(3000))
print(in_place(3000))
print(reflected(300))
print(subclass_right(300))
print(divide(3000))
print(polymorphic(3000))
print(numbers_right(3000))
print(replaced(3000))


def traceback_line(n):
    for i in range(n):
        v = Vec(1, 1) / Vec(1 if i < n - 1 else 0, 1)
    return v


traceback_line(3000)
