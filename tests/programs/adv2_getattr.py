class Lazy:
    def __init__(self):
        self.real = 1
    def __getattr__(self, name):
        if name.startswith("gen_"):
            v = len(name)
            setattr(self, name, v)
            return v
        raise AttributeError(name)
l = Lazy()
tot = 0
for i in range(3000):
    tot += getattr(l, "gen_%d" % (i % 50)) + l.real
print(tot, len(vars(l)))
try:
    l.other
except AttributeError as e:
    print("AE", e)
print(getattr(l, "other", "default"), hasattr(l, "gen_x"), hasattr(l, "zzz"))
class Rec:
    def __init__(self):
        object.__setattr__(self, "log", [])
    def __setattr__(self, k, v):
        self.log.append(k)
        object.__setattr__(self, k, v * 2)
r = Rec()
for i in range(5):
    r.a = i
print(r.a, r.log)
class P:
    def __init__(self):
        self._v = 0
    def getv(self):
        return self._v
    def setv(self, v):
        self._v = v * 10
    v = property(getv, setv)
p = P()
for i in range(100):
    p.v = i
print(p.v, p._v)
try:
    class RO:
        @property
        def x(self):
            return 1
    RO().x = 5
except AttributeError as e:
    print("AE", e)
class Dyn:
    pass
d = Dyn()
for i in range(100):
    if i == 30:
        Dyn.val = property(lambda self: "prop")
    if i == 60:
        del Dyn.val
        d.val = "inst"
    if i == 90:
        Dyn.val = property(lambda self: "prop2")
    last = getattr(d, "val", None)
    if i in (29, 30, 59, 60, 89, 90):
        print(i, last)
print(d.__dict__)
