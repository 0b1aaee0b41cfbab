# LOAD_ATTR/STORE_ATTR sites while instance dicts, class attrs, methods and properties change mid-loop.
class Node:
    kind = "base"
    def __init__(self, v):
        self.v = v
    def val(self):
        return self.v
nodes = [Node(i) for i in range(8)]
# attributes added in different orders, then deleted, on instances a hot loop reads
for i, n in enumerate(nodes):
    if i % 2:
        n.a = i
        n.b = -i
    else:
        n.b = i * 10
        n.a = 0
t = 0
missing = 0
for i in range(3000):
    n = nodes[i % 8]
    try:
        t += n.a + n.b + n.v
    except AttributeError:
        missing += 1
    if i == 1000:
        del nodes[3].a
    if i == 1500:
        nodes[3].a = 1000
        del nodes[5].b
    if i == 2000:
        nodes[5].b = 7
        nodes[6].__dict__["a"] = 55
print(t, missing)
# class attribute changed while the loop runs; instance shadows it, then un-shadows
kinds = {}
for i in range(2400):
    n = nodes[i % 8]
    k = n.kind
    kinds[k] = kinds.get(k, 0) + 1
    if i == 600:
        Node.kind = "changed"
    if i == 900:
        nodes[2].kind = "mine"
    if i == 1500:
        del nodes[2].kind
    if i == 1800:
        del Node.kind
        Node.kind = 12
print(sorted(kinds.items(), key=lambda kv: str(kv[0])))
# method replaced on the class mid-loop; instance attribute shadows a method
def val_times_two(self):
    return self.v * 2
s = 0
for i in range(2000):
    n = nodes[i % 8]
    s += n.val()
    if i == 500:
        Node.val = val_times_two
    if i == 900:
        nodes[1].val = lambda: 1000
    if i == 1300:
        del nodes[1].val
    if i == 1600:
        Node.val = lambda self: -self.v
print(s)
# a property added to the class for a name instances already store
class Box:
    def __init__(self, w):
        self.w = w
boxes = [Box(i) for i in range(5)]
total = 0
for i in range(1500):
    b = boxes[i % 5]
    total += b.w
    if i == 700:
        Box.w = property(lambda self: 1000)
    if i == 1100:
        del Box.w
print(total)
# property with setter: STORE_ATTR goes through the descriptor, not the dict
class Temp:
    def __init__(self):
        self._c = 0
        self.writes = 0
    def _get(self):
        return self._c
    def _set(self, v):
        self.writes += 1
        self._c = v * 2
    c = property(_get, _set)
tm = Temp()
for i in range(1000):
    tm.c = i
print(tm.c, tm.writes, sorted(tm.__dict__))
# staticmethod/classmethod/plain function swapped under one attribute name
class Sw:
    base = 3
    def f(self, x):
        return x + self.base
sw = Sw()
acc = 0
for i in range(1500):
    acc += sw.f(i % 10)
    if i == 400:
        Sw.f = staticmethod(lambda x: x * 100)
    if i == 800:
        Sw.f = classmethod(lambda cls, x: cls.base * 1000 + x)
    if i == 1000:
        Sw.base = 5
    if i == 1200:
        sw.f = len
        sw.f = lambda x: -x
print(acc)
# attribute stored on many distinct shapes from one STORE_ATTR site
objs = [Node(0) for _ in range(6)]
for j, o in enumerate(objs):
    for k in range(j):
        setattr(o, "x%d" % k, k)
for i in range(1200):
    o = objs[i % 6]
    o.hot = i
    o.v = o.v + o.hot % 3
print([o.v for o in objs], [len(o.__dict__) for o in objs], hasattr(objs[0], "x0"), objs[5].x4)
