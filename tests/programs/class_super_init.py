# super().__init__ and super().method() calls.
class Shape:
    def __init__(self, name):
        self.name = name
        self.calls = 1
    def area(self):
        return 0
    def describe(self):
        return "%s with area %s" % (self.name, self.area())
class Rect(Shape):
    def __init__(self, w, h):
        super().__init__("rect")
        self.w = w
        self.h = h
        self.calls += 1
    def area(self):
        return self.w * self.h
class Square(Rect):
    def __init__(self, s):
        super().__init__(s, s)
        self.name = "square"
        self.calls += 1
    def describe(self):
        return "[" + super().describe() + "]"
shapes = [Shape("blob"), Rect(2, 3), Square(4)]
for s in shapes:
    print(s.describe(), s.calls, type(s).__name__)
total = 0
for i in range(3000):
    sq = Square(i % 10)
    total += sq.area() + sq.calls
print("total", total)
class LoggedList:
    def __init__(self):
        self.items = []
    def add(self, v):
        self.items.append(v)
        return len(self.items)
class UniqueList(LoggedList):
    def add(self, v):
        if v in self.items:
            return -1
        return super().add(v)
u = UniqueList()
print([u.add(v) for v in [1, 2, 1, 3, 2, 4]], u.items)
class MyError(Exception):
    def __init__(self, code, msg):
        super().__init__(msg)
        self.code = code
try:
    raise MyError(42, "bad thing")
except MyError as e:
    print("caught", e.code, e, e.args)
