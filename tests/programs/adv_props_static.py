class Temp:
    scale = "C"
    def __init__(self, c):
        self._c = c
    @property
    def c(self):
        return self._c
    @c.setter
    def c(self, v):
        if v < -273.15:
            raise ValueError("too cold")
        self._c = v
    @property
    def f(self):
        return self._c * 9 / 5 + 32
    @staticmethod
    def conv(x):
        return x * 2
    @classmethod
    def make(cls, v):
        return cls(v)
    @classmethod
    def sname(cls):
        return cls.__name__ + cls.scale
t = Temp(100)
print(t.c, t.f)
t.c = 0
print(t.c, t.f)
try:
    t.c = -300
except ValueError as e:
    print("err", e)
try:
    t.f = 3
except AttributeError as e:
    print("AttributeError")
print(Temp.conv(4), t.conv(5), Temp.make(37).f, t.make(1).c)
class K(Temp):
    scale = "K"
print(K.sname(), K.make(5).__class__.__name__, Temp.sname())
tot = 0.0
for i in range(10000):
    t.c = i
    tot += t.f
print(tot)
class Lazy:
    def __init__(self):
        self.calls = 0
    @property
    def val(self):
        self.calls += 1
        return self.calls * 10
l = Lazy()
print([l.val for _ in range(3)], l.calls)
class D:
    @property
    def x(self):
        return 1
    @x.deleter
    def x(self):
        print("deleting")
d = D()
del d.x
print(type(Temp.__dict__['conv']).__name__, type(Temp.__dict__['make']).__name__, type(Temp.__dict__['c']).__name__)
