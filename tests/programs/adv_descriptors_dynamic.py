class A:
    def __init__(self):
        self._x = 0
    def getx(self):
        return self._x
    def setx(self, v):
        self._x = v * 2
    x = property(getx, setx)
    ro = property(lambda self: "read-only")
a = A()
a.x = 5
print(a.x, a.ro)
try:
    a.ro = 1
except AttributeError:
    print("AttributeError ro")
A.sm = staticmethod(lambda: "static added")
A.cm = classmethod(lambda cls: "cm on " + cls.__name__)
class B(A):
    pass
print(A.sm(), a.sm(), A.cm(), B.cm(), B().cm())
A.y = property(lambda self: self._x + 1)
print(a.y)
vals = []
for i in range(2000):
    if i <= 1000:
        a.x = i
    vals.append(a.x)
    if i == 1000:
        A.x = property(lambda self: -1, A.setx)
print(vals[1000], vals[1001], a._x)
def plain(self):
    return "plain " + type(self).__name__
A.p = plain
print(a.p(), B().p(), A.p(a))
a.q = plain
try:
    a.q()
except TypeError as e:
    print("TypeError", e)
print(a.q(a))
class C:
    @property
    def v(self):
        return "prop"
c = C()
try:
    c.v = 3
except AttributeError:
    print("cannot set")
c.__dict__ if False else None
print(c.v)
class D:
    v = property(lambda self: "D.v")
class E(D):
    v = "shadowed"
print(E().v, D().v)
