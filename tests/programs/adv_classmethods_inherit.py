class Shape:
    registry = []
    sides = 0
    def __init__(self, name):
        self.name = name
    @classmethod
    def create(cls, *a):
        obj = cls(*a)
        cls.registry.append(obj.name)
        return obj
    @classmethod
    def describe(cls):
        return f"{cls.__name__} with {cls.sides} sides"
    @staticmethod
    def unit():
        return "cm"
    def area(self):
        raise NotImplementedError(type(self).__name__)
class Square(Shape):
    sides = 4
    def __init__(self, s):
        super().__init__("square")
        self.s = s
    def area(self):
        return self.s ** 2
    @classmethod
    def describe(cls):
        return "Square! " + super().describe()
class Tri(Shape):
    sides = 3
    def __init__(self, b, h):
        super().__init__("tri")
        self.b, self.h = b, h
    def area(self):
        return self.b * self.h / 2
    @staticmethod
    def unit():
        return "mm(" + Shape.unit() + ")"
shapes = [Square.create(3), Tri.create(4, 5), Square.create(2.5)]
print([s.area() for s in shapes], Shape.registry)
print(Square.describe(), Tri.describe(), Shape.describe(), shapes[0].describe())
print(Shape.unit(), Tri.unit(), shapes[1].unit(), Square.unit())
try:
    Shape("generic").area()
except NotImplementedError as e:
    print("NotImplementedError", e)
class L1:
    def __init__(self, **kw):
        self.l1 = kw.pop("a", None)
        self.rest = kw
class L2(L1):
    def __init__(self, b=0, **kw):
        super().__init__(**kw)
        self.b = b
class L3(L2):
    def __init__(self, c, **kw):
        self.c = c
        super().__init__(**kw)
o = L3(1, b=2, a=3, z=4)
print(o.c, o.b, o.l1, o.rest)
tot = 0
for i in range(3000):
    s = shapes[i % 3]
    tot += s.area()
    if i == 1500:
        Square.area = lambda self: 0
print(tot)
class Cnt:
    instances = 0
    @classmethod
    def inc(cls):
        cls.instances += 1
        return cls.instances
class SubCnt(Cnt):
    pass
print(Cnt.inc(), Cnt.inc(), SubCnt.inc(), Cnt.instances, SubCnt.instances)
m = Square.create
print(m(1).area(), Square.describe.__name__ if hasattr(Square.describe, '__name__') else '')
