# Classes: __init__, methods, attributes, class attributes.
class Point:
    dims = 2
    def __init__(self, x, y):
        self.x = x
        self.y = y
    def norm2(self):
        return self.x * self.x + self.y * self.y
    def moved(self, dx, dy):
        return Point(self.x + dx, self.y + dy)
    def describe(self):
        return "Point(%s, %s)" % (self.x, self.y)
p = Point(3, 4)
print(p.x, p.y, p.norm2(), p.dims, Point.dims, p.describe())
q = p.moved(1, -1)
print(q.describe(), p.describe())
total = 0
cur = Point(0, 0)
for i in range(5000):
    cur = cur.moved(1, i % 3 - 1)
    total += cur.norm2() % 7
print(cur.describe(), total)
class Counter:
    instances = 0
    def __init__(self, start=0):
        Counter.instances += 1
        self.value = start
    def inc(self, by=1):
        self.value += by
        return self
c1 = Counter()
c2 = Counter(10)
c1.inc().inc().inc(5)
for i in range(1000):
    c2.inc(i % 2)
print(c1.value, c2.value, Counter.instances, c1.instances)
c1.instances = 99
print(c1.instances, c2.instances, Counter.instances)
m = c1.inc
m(100)
print(c1.value)
print(type(p).__name__, isinstance(p, Point), type(Counter.inc).__name__, type(c1.inc).__name__)
class Empty:
    pass
e = Empty()
e.anything = [1, 2]
print(e.anything, hasattr(e, "anything"))
