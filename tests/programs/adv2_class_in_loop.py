classes = []
for i in range(5):
    class K:
        tag = i
        def who(self, j=i):
            return (self.tag, j)
    classes.append(K)
print([c().who() for c in classes], len(set(classes)) if False else len(classes))
classes[0].tag = 100
print(classes[0]().who(), classes[1]().who())
def factory(base_val):
    class Made:
        val = base_val
        def get(self):
            return self.val + base_val
    return Made
ms = [factory(i)() for i in range(1000)]
print(sum(m.get() for m in ms))
class Reg:
    items = []
    def __init__(self, n):
        self.items.append(n)
        self.n = n
for i in range(10):
    Reg(i)
print(Reg.items)
def mdef(a, b=[]):
    b.append(a)
    return len(b)
print([mdef(i) for i in range(5)])
def kwo(a, *, b=2, c):
    return a + b + c
print(kwo(1, c=3), kwo(1, b=10, c=3))
try:
    kwo(1, 2, 3)
except TypeError as e:
    print("TE", e)
def po(a, b, /, c):
    return a, b, c
print(po(1, 2, c=3), po(1, 2, 3))
class Init:
    def __init__(self, v):
        if v < 0:
            raise ValueError("neg %d" % v)
        self.v = v
ok = 0
bad = 0
for i in range(-500, 500):
    try:
        Init(i)
        ok += 1
    except ValueError:
        bad += 1
print(ok, bad)
class Count:
    instances = 0
    def __init__(self, x):
        Count.instances += 1
        self.x = x
cs = [Count(i) for i in range(100)]
print(Count.instances, cs[-1].x)
class Str:
    def __str__(self):
        return "S"
    def __repr__(self):
        return "R"
print(Str(), [Str()], str(Str()), repr(Str()), f"{Str()}", f"{Str()!r}", "%s %r" % (Str(), Str()))
class Fmt:
    def __format__(self, spec):
        return "F<%s>" % spec
print(f"{Fmt():>10}", format(Fmt(), "xyz"), "{:abc}".format(Fmt()))
