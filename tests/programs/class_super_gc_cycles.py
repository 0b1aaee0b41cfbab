# Cycles through classes, methods, closures and cells are collected (issue 16 item 4): classes
# made in a hot loop whose methods use super() and __class__, closures that capture
# themselves, class attributes that hold their class; the surviving ones keep working.
import gc


class Base:
    def value(self):
        return 1


def make(i):
    class Mid(Base):
        k = i

        def value(self):
            return super().value() + self.k

    class Leaf(Mid):
        def value(self):
            return super().value() * 2

        def name(self):
            return __class__.__name__

    Leaf.me = Leaf
    return Leaf


def counter():
    n = 0

    def step():
        nonlocal n
        n += 1
        return step, n

    return step


kept = []
total = 0
for i in range(600):
    cls = make(i)
    obj = cls()
    total += obj.value()
    if i % 100 == 0:
        kept.append(cls)
        print(i, obj.value(), obj.name(), cls.me is cls, type(obj).__mro__[1].__name__)
    step = counter()
    for _ in range(3):
        step, n = step()
    total += n
print("total", total)
print("collected something", gc.collect() >= 0)
for c in kept:
    print(c().value(), c.k, c.me.__name__)
print("again", sum(c().value() for c in kept))
