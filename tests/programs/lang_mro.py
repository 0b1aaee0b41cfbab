# Multiple inheritance: the C3 method resolution order, super() along it, cooperative
# __init__, diamond shapes, errors for bases that admit no order, and isinstance through it.

class A:
    def who(self):
        return "A"

    def chain(self):
        return ["A"]


class B(A):
    def who(self):
        return "B"

    def chain(self):
        return ["B"] + super().chain()


class C(A):
    def who(self):
        return "C"

    def chain(self):
        return ["C"] + super().chain()


class D(B, C):
    def chain(self):
        return ["D"] + super().chain()


print([k.__name__ for k in D.__mro__])
print([k.__name__ for k in D.mro()])
print(D().who(), D().chain())
print(D.__bases__ == (B, C), D.__base__ is B)
print(isinstance(D(), C), issubclass(D, A), issubclass(C, B))


# The classic example from the C3 paper.
class O: pass
class F(O): pass
class E(O): pass
class Dd(O): pass
class Cc(Dd, F): pass
class Bb(Dd, E): pass
class Aa(Bb, Cc, E): pass

print([k.__name__ for k in Aa.__mro__])


# Cooperative __init__ with keyword arguments.
class Base:
    def __init__(self, **kw):
        self.log = ["Base"]


class Left(Base):
    def __init__(self, left=0, **kw):
        super().__init__(**kw)
        self.left = left
        self.log.append("Left")


class Right(Base):
    def __init__(self, right=0, **kw):
        super().__init__(**kw)
        self.right = right
        self.log.append("Right")


class Both(Left, Right):
    def __init__(self, **kw):
        super().__init__(**kw)
        self.log.append("Both")


b = Both(left=1, right=2)
print(b.left, b.right, b.log)


# Mixins with attributes and class attributes found along the MRO.
class ReprMixin:
    tag = "mixin"

    def __repr__(self):
        fields = ", ".join(f"{k}={v!r}" for k, v in sorted(vars(self).items()))
        return f"{type(self).__name__}({fields})"


class EqMixin:
    def __eq__(self, other):
        return type(self) is type(other) and vars(self) == vars(other)

    def __hash__(self):
        return hash(tuple(sorted(vars(self).items())))


class Point(ReprMixin, EqMixin):
    def __init__(self, x, y):
        self.x = x
        self.y = y


p, q = Point(1, 2), Point(1, 2)
print(p, p == q, p != Point(2, 1), hash(p) == hash(q), Point.tag)
print({p, q})

# A class attribute changed on a mixin is seen by the classes below it.
ReprMixin.tag = "changed"
print(Point.tag, p.tag)

# Exceptions with two bases.
class AppError(Exception): pass
class NotFound(AppError, LookupError): pass

try:
    raise NotFound("missing")
except LookupError as e:
    print("LookupError:", repr(e), isinstance(e, AppError))
print([k.__name__ for k in NotFound.__mro__])

# Bases that admit no order, a duplicate base, and a layout conflict.
class X: pass
class Y(X): pass
for bases in [(X, Y), (X, X)]:
    try:
        type("Z", bases, {})
    except TypeError as e:
        print("TypeError:", e)
class S1:
    __slots__ = ("a",)
class S2:
    __slots__ = ("b",)
try:
    class Bad(S1, S2): pass
except TypeError as e:
    print("TypeError:", e)

# super() in a loop of a method that traces: the MRO lookup stays right under tier 2.
total = 0
for i in range(200):
    total += len(D().chain()) + len(Both(left=i).log)
print(total)
