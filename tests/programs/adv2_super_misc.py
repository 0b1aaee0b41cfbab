class A:
    def who(self):
        return "A"
    @classmethod
    def cwho(cls):
        return "A.cwho(%s)" % cls.__name__
    @staticmethod
    def swho():
        return "A.swho"
    def __repr__(self):
        return "<%s>" % type(self).__name__
class B(A):
    def who(self):
        return "B>" + super().who()
    @classmethod
    def cwho(cls):
        return "B>" + super().cwho()
    def use_static(self):
        return super().swho()
    def __repr__(self):
        return "B" + super().__repr__()
class C(B):
    def who(self):
        f = lambda: super(C, self).who()
        return "C>" + f()
    def gen(self):
        for i in range(2):
            yield super().who() + str(i)
    def listcomp(self):
        return [super(C, self).who() for _ in range(2)]
c = C()
print(c.who(), C.cwho(), c.cwho(), c.use_static(), repr(c), list(c.gen()), c.listcomp())
class D(C):
    def who(self):
        return "D>" + super().who()
print(D().who(), [D().who() for _ in range(2)])
tot = 0
for i in range(10000):
    tot += len(D().who())
print(tot)
class E(A):
    def __init__(self, x):
        super().__init__()
        self.x = x
    def __eq__(self, o):
        return super().__eq__(o) if not isinstance(o, E) else self.x == o.x
print(E(1) == E(1), E(1) == 5, E(1) != E(2))
class Str(A):
    def __str__(self):
        return "str:" + super().__str__()
print(str(Str()))
