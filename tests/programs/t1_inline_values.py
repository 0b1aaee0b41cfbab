# Instances keep their attributes in inline slots (in their class's key order) until
# something forces a dict: __dict__/vars(), deletion, out-of-order or overflowing adds.
# Hot sites must stay right across both kinds of instance and across sibling classes.
import gc


class Point:
    def __init__(self, x, y):
        self.x = x
        self.y = y

    def norm1(self):
        return abs(self.x) + abs(self.y)


def total(points):
    t = 0
    for p in points:
        t += p.x * 3 + p.y
        t += p.norm1()
    return t


pts = [Point(i, -i) for i in range(60)]
print(total(pts))
# Force dicts on some of them, mid-stream, then run the same hot sites again.
for i in range(0, 60, 7):
    d = pts[i].__dict__
    d["x"] = d["x"] + 1000
print(total(pts))
print(vars(pts[7]), pts[8].__dict__)
# Writes through the dict are seen by attribute loads, and the other way around.
p = pts[14]
p.__dict__["y"] = 5
p.x = 2
print(p.x, p.y, p.__dict__)


# Attributes added in different orders: the second order leaves the layout.
class Bag:
    pass


a = Bag()
a.one = 1
a.two = 2
b = Bag()
b.two = 20
b.one = 10
c = Bag()
c.one = 100
c.two = 200
c.three = 300
print(vars(a), vars(b), vars(c))
for obj in (a, b, c) * 20:
    obj.one += 1
print(a.one, b.one, c.one, c.three)


# Deleting an attribute moves the instance to a dict; re-adding keeps dict order.
class Node:
    def __init__(self, v):
        self.v = v
        self.left = None
        self.right = None


nodes = [Node(i) for i in range(30)]
for n in nodes[::3]:
    del n.left
for n in nodes[::3]:
    n.left = n.v * 2
print([list(vars(n)) for n in nodes[:4]])
print(sum(n.left or 0 for n in nodes))
try:
    del nodes[1].missing
except AttributeError as e:
    print("AttributeError:", e)
try:
    nodes[2].missing
except AttributeError as e:
    print("AttributeError:", e)


# More attributes than the first instance has slots, set from outside the class.
class Wide:
    pass


ws = []
for k in range(5):
    w = Wide()
    for i in range(12):
        setattr(w, "a%d" % i, i * k)
    ws.append(w)
print([w.a11 for w in ws], list(vars(ws[3]))[-3:])
# Past the shared-keys limit: every name still works.
big = Wide()
for i in range(50):
    setattr(big, "n%d" % i, i)
print(len(vars(big)), big.n49, getattr(big, "n" + "25"), hasattr(big, "n50"))


# Sibling subclasses at one site, each with its own layout.
class Base:
    def __init__(self):
        self.common = 1


class Left(Base):
    def __init__(self):
        self.only_left = 2
        Base.__init__(self)


class Right(Base):
    def __init__(self):
        Base.__init__(self)
        self.only_right = 3


def read_common(objs):
    return sum(o.common for o in objs)


mixed = [Left() if i % 2 else Right() for i in range(40)]
print(read_common(mixed))
mixed[5].common = 10
mixed[6].__dict__["common"] = 20
print(read_common(mixed), list(vars(mixed[1])), list(vars(mixed[2])))


# An instance attribute shadowing a method, added after the site warmed up.
class Greeter:
    def hello(self):
        return "method"


gs = [Greeter() for _ in range(30)]
out = []
for i, g in enumerate(gs):
    if i == 20:
        g.hello = lambda: "attribute"
    out.append(g.hello())
print(out[19:22])

# object() has no attribute dict.
o = object()
try:
    o.x = 1
except AttributeError as e:
    print("AttributeError:", e)
print(hasattr(o, "__dict__"))

# Cycles through inline slots are collected; survivors keep their attributes.
class Link:
    def __init__(self):
        self.other = None
        self.payload = [1, 2, 3]


keep = []
for i in range(300):
    x = Link()
    y = Link()
    x.other = y
    y.other = x
    if i % 100 == 0:
        keep.append(x)
gc.collect()
print(len(keep), [k.other.other is k for k in keep], keep[0].payload)
