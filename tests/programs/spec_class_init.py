# CALL class-instantiation sites: __init__ replaced/added/deleted mid-loop, classes alternating.
class P:
    def __init__(self, a, b=2):
        self.a = a
        self.b = b
class Q(P):
    pass
class R:
    pass
class S(P):
    def __init__(self, a, b=5):
        P.__init__(self, a * 10, b)
        self.s = True
class MyErr(Exception):
    pass
def make(cls, i):
    return cls(i)
def summary(o):
    if isinstance(o, P):
        return o.a + o.b
    if isinstance(o, MyErr):
        return len(o.args) * 1000 + o.args[0]
    if isinstance(o, (int, float)):
        return int(o)
    if isinstance(o, (str, list, tuple)):
        return len(o)
    return -1
classes = [P, Q, S, MyErr, int, float, str, list, tuple, ValueError]
tot = 0
for i in range(2000):
    cls = classes[i % len(classes)]
    arg = i % 13
    if cls is list or cls is tuple:
        arg = range(arg)
    o = make(cls, arg)
    tot += summary(o)
print(tot)
# __init__ replaced on the class while a hot loop instantiates it
def init2(self, a, b=100):
    self.a = -a
    self.b = b
acc = 0
for i in range(1500):
    o = P(i % 50)
    acc += o.a + o.b
    if i == 400:
        P.__init__ = init2
    if i == 800:
        P.__init__ = lambda self, a: setattr(self, "a", a * 3) or setattr(self, "b", 0)
    if i == 1200:
        del P.__init__
        P.__init__ = init2
print(acc, Q(4).a, Q(4).b, S(1).a)
# class without __init__ gains one, loses it again; wrong arg counts raise TypeError
errs = {}
made = 0
for i in range(1200):
    try:
        if i % 2:
            o = R(i)
        else:
            o = R()
        made += 1
    except TypeError as e:
        errs[str(e)] = errs.get(str(e), 0) + 1
    if i == 400:
        R.__init__ = lambda self, x: None
    if i == 800:
        del R.__init__
print(made, sorted(errs.items()))
# the name bound to a class is rebound to a different class (or function) mid-loop
class V1:
    def __init__(self, x):
        self.x = x
        self.tag = 1
class V2:
    def __init__(self, x, y=7):
        self.x = x + y
        self.tag = 2
Cur = V1
vt = 0
for i in range(1500):
    o = Cur(i)
    vt += o.x * o.tag
    if i == 500:
        Cur = V2
    if i == 1000:
        def Cur(x):
            return V1(-x)
print(vt)
# class redefined with a class statement inside the loop (new type object each time)
kinds = 0
for i in range(600):
    class Tmp:
        k = i % 5
        def __init__(self, z):
            self.z = z + Tmp.k
    t = Tmp(i)
    kinds += t.z + t.k
print(kinds, Tmp.k, Tmp(1).z)
# __init__ must return None; exceptions from __init__ propagate and are caught in the loop
class Picky:
    def __init__(self, v):
        if v % 100 == 99:
            raise ValueError("bad %d" % v)
        self.v = v
ok = 0
bad = []
for i in range(1000):
    try:
        ok += Picky(i).v
    except ValueError as e:
        bad.append(str(e))
class BadRet:
    def __init__(self):
        return 5
try:
    BadRet()
except TypeError as e:
    print("TypeError", e)
print(ok, bad)
# instances counted via a class attribute mutated from __init__
class Counted:
    n = 0
    def __init__(self):
        Counted.n += 1
        self.id_ = Counted.n
objs = [Counted() for _ in range(700)]
print(Counted.n, objs[-1].id_, objs[0].id_, type(objs[3]).__name__, isinstance(objs[3], Counted))
