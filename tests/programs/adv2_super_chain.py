class A:
    def __init__(self, x):
        self.trail = ['A']
        self.x = x
    def f(self, n):
        return n + 1
    @classmethod
    def make(cls, x):
        return cls(x)
    @staticmethod
    def st(a):
        return a * 2
    @property
    def dbl(self):
        return self.x * 2
class B(A):
    def __init__(self, x):
        super().__init__(x)
        self.trail.append('B')
    def f(self, n):
        return super().f(n) * 2
class C(B):
    def __init__(self, x):
        super().__init__(x + 1)
        self.trail.append('C')
    def f(self, n):
        return super().f(n) + 3
class D(C):
    def __init__(self, x):
        super(D, self).__init__(x)
        self.trail.append('D')
    def f(self, n):
        return super(D, self).f(n) - 1
    @property
    def dbl(self):
        return A.dbl.fget(self) + 1
class E(D):
    pass
t = 0
for i in range(20000):
    o = E.make(i)
    t += o.f(i) + o.dbl + E.st(i) + o.st(1)
print(t, o.trail, type(o).__name__, type(o) is E, isinstance(o, (int, A)))
print(E.__mro__[1].__name__, [c.__name__ for c in E.__mro__])
B.f = lambda self, n: 1000
print(E(1).f(1))
del B.f
print(E(1).f(1))
class Counter:
    count = 0
    @classmethod
    def inc(cls):
        cls.count += 1
        return cls.count
class Sub(Counter):
    pass
for i in range(1000):
    Counter.inc()
    if i % 2:
        Sub.inc()
print(Counter.count, Sub.count)
