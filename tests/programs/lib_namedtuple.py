# collections.namedtuple: fields, defaults, _make/_asdict/_replace, reprs, CPython's validation and argument errors, hot field reads.
from collections import namedtuple


def show_error(fn):
    try:
        print(fn())
    except Exception as e:
        print(type(e).__name__, e)


Point = namedtuple("Point", "x y")
p = Point(1, 2)
print(p, repr(p), str(p), p.x, p.y, p[0], p[-1], p[:1], len(p), list(p), tuple(p))
x, y = p
print(x, y, p == (1, 2), (1, 2) == p, p != Point(2, 1), hash(p) == hash((1, 2)), p + (3,), p * 2)
print(isinstance(p, tuple), isinstance(p, Point), type(p).__name__, repr(Point), Point.__name__, Point.__qualname__)
print(Point.__module__, Point.__doc__, Point.__bases__, Point._fields, Point._field_defaults, Point.__match_args__)
print(Point.x.__doc__, Point.y.__doc__, Point.__new__.__doc__, Point.__new__.__defaults__)
print(Point._make.__func__.__doc__, Point._make.__func__.__qualname__, Point._replace.__qualname__, Point.__repr__.__qualname__)
print(Point(x=3, y=4), Point(5, y=6), Point(y=8, x=7), Point._make([9, 10]), Point._make(iter(range(2))))
print(p._asdict(), type(p._asdict()).__name__, p._replace(y=20), p._replace(), p.__getnewargs__(), p.count(1), p.index(2))
print(sorted([Point(2, 1), Point(1, 5), Point(1, 2)]), max(Point(3, 9)), {p: "origin"}[(1, 2)], Point(*[4, 5]))

Point3 = namedtuple("Point3", ["x", "y", "z"], defaults=[0])
print(Point3(1, 2), Point3(1, 2, 3), Point3(z=5, y=1, x=0), Point3._field_defaults, Point3.__new__.__defaults__, Point3.__doc__)
Conf = namedtuple("Conf", "host, port, debug", defaults=("localhost", 80, False))
print(Conf(), Conf("example.org"), Conf(port=8080), Conf._field_defaults)
Single = namedtuple("Single", "value")
Empty = namedtuple("Empty", "")
print(Single(1), Single.__doc__, Empty(), Empty.__doc__, Empty._fields, len(Empty()), Empty._make([]))
Mod = namedtuple("Mod", "a b", module="geometry")
print(Mod.__module__, repr(Mod), Mod(1, 2))
Renamed = namedtuple("Renamed", ["ok", "def", "_hidden", "ok", "1st", "also_ok"], rename=True)
print(Renamed._fields, Renamed(1, 2, 3, 4, 5, 6))
Gen = namedtuple("Gen", (name for name in ["a", "b"]))
Num = namedtuple("Num", ["n"], defaults=iter([7]))
print(Gen(a=1, b=2), Num(), Num._field_defaults)


class Vector(Point):
    def norm2(self):
        return self.x * self.x + self.y * self.y

    def scaled(self, k):
        return self._replace(x=self.x * k, y=self.y * k)


v = Vector(3, 4)
print(v, v.norm2(), v.scaled(2), type(v.scaled(2)).__name__, Vector._make([1, 1]), v._asdict(), isinstance(v, Point))

# Validation errors, as CPython raises them.
show_error(lambda: namedtuple("Bad", "x _y"))
show_error(lambda: namedtuple("Bad", "x x"))
show_error(lambda: namedtuple("Bad", "x def"))
show_error(lambda: namedtuple("class", "x"))
show_error(lambda: namedtuple("1Bad", "x"))
show_error(lambda: namedtuple("Bad", ["x", 3]))
show_error(lambda: namedtuple("Bad", "x-y"))
show_error(lambda: namedtuple(3, "x"))
show_error(lambda: namedtuple("Bad", "x", defaults=[1, 2]))
show_error(lambda: namedtuple("Bad", "x", defaults=3))

# Argument errors of __new__, _make and _replace.
Triple = namedtuple("Triple", "a b c")
show_error(lambda: Point(1))
show_error(lambda: Point())
show_error(lambda: Triple())
show_error(lambda: Triple(1))
show_error(lambda: Point(1, 2, 3))
show_error(lambda: Point(1, 2, 3, 4))
show_error(lambda: Point(1, 2, z=3))
show_error(lambda: Point(1, 2, 3, z=1))
show_error(lambda: Point(1, x=2))
show_error(lambda: Point(1, 2, x=1, y=2))
show_error(lambda: Point(y=1, z=2))
show_error(lambda: Point(1, 2, _cls=3))
show_error(lambda: Point3())
show_error(lambda: Point3(1, 2, 3, 4))
show_error(lambda: Single(1, 2))
show_error(lambda: Empty(1))
show_error(lambda: Point._make([1]))
show_error(lambda: Point._make([1, 2, 3]))
show_error(lambda: p._replace(z=1))
show_error(lambda: p._replace(z=1, w=2))
show_error(lambda: p[2])
show_error(lambda: setattr(p, "x", 5))

# Defaults replaced after the class is made, as older code does.
Node = namedtuple("Node", "val left right")
Node.__new__.__defaults__ = (None, None)
print(Node(1), Node(1, Node(2)), Node.__new__.__defaults__)

# Hot loops: field reads, construction, _replace and unpacking.
points = [Point(i, i * 2 - 7) for i in range(300)]
sx = sy = 0
for pt in points:
    sx += pt.x
    sy += pt.y
print(sx, sy)
best = points[0]
for pt in points:
    if pt.x * pt.x + pt.y * pt.y > best.x * best.x + best.y * best.y:
        best = pt
print(best, best._asdict())
moved = []
for pt in points:
    moved.append(pt._replace(x=pt.x + 1))
print(moved[0], moved[-1], sum(m.x for m in moved))
total = 0
for i in range(400):
    c = Conf(port=i) if i % 2 else Conf("h%d" % (i % 3), i)
    host, port, debug = c
    total += port + len(host) + c.port
print(total, c)
acc = 0
for i in range(300):
    t = Point3(i, i + 1)
    acc += t.x + t.y + t.z + t[2]
    acc += Vector(i, 1).norm2()
print(acc)
