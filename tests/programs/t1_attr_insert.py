# Attribute stores that add the attribute (STORE_ATTR_INSTANCE_DICT): a hot `__init__`, a
# site shared by sibling classes, then classes that stop being plain under a specialized site
# (a property, a `__setattr__`, a data descriptor), and instances whose dict was emptied.


class Point:
    def __init__(self, x, y):
        self.x = x
        self.y = y
        self.tag = "p"


class Left(Point):
    pass


class Right(Point):
    def __init__(self, x, y):
        self.first = 0
        Point.__init__(self, x, y)


def build(cls, n):
    total = 0
    for i in range(n):
        p = cls(i, i + 1)
        total += p.x + p.y
    return total


print("plain", build(Point, 50))
print("siblings", build(Left, 30), build(Right, 30), build(Point, 30))
r = Right(3, 4)
print("order", list(r.__dict__))

# Storing twice into one instance replaces the value instead of adding a key.
p = Point(1, 2)
Point.__init__(p, 7, 8)
print("again", p.x, p.y, len(p.__dict__))

# An emptied dict: the store adds the keys again.
p.__dict__.clear()
Point.__init__(p, 5, 6)
print("cleared", sorted(p.__dict__.items()))

# A property named like a stored attribute: the specialized site must call its setter.
log = []
Left.y = property(lambda self: -1, lambda self, v: log.append(v))
print("property", build(Left, 5), log)
q = Left(10, 20)
print("property read", q.y, "y" in q.__dict__)
del Left.y
print("property gone", build(Left, 5))


# A __setattr__ added to the class after the site went hot.
def spy(self, name, value):
    log.append(name)
    object.__setattr__(self, name, value)


Right.__setattr__ = spy
log.clear()
print("setattr", build(Right, 3), log[:4], len(log))
del Right.__setattr__
print("setattr gone", build(Right, 3))


# A user data descriptor on the base class.
class Doubler:
    def __get__(self, obj, owner=None):
        if obj is None:
            return self
        return obj.__dict__.get("_tag", "none")

    def __set__(self, obj, value):
        obj.__dict__["_tag"] = value * 2


Point.tag = Doubler()
s = Point(1, 1)
print("descriptor", s.tag, sorted(s.__dict__))
print("descriptor hot", build(Point, 40))
del Point.tag
print("descriptor gone", Point(2, 2).tag)


# Many attributes (a dict that grows while the instance is built).
class Wide:
    def __init__(self, k):
        self.a0 = k
        self.a1 = k + 1
        self.a2 = k + 2
        self.a3 = k + 3
        self.a4 = k + 4
        self.a5 = k + 5
        self.a6 = k + 6
        self.a7 = k + 7
        self.a8 = k + 8
        self.a9 = k + 9


print("wide", sum(sum(Wide(k).__dict__.values()) for k in range(60)))
