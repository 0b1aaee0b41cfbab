# One method, inherited by classes whose `__init__`s store the same attributes in different
# orders: the instances keep them at different positions, so the hint that the attribute
# load was specialized with is wrong for every other instance. The load reads the attribute
# by name then (tier 2 used to leave at each of those instances, decision 90), and a
# missing attribute still falls back to the class's.
class Base:
    kind = "base"

    def __init__(self, a, b):
        self.a = a
        self.b = b

    def total(self):
        return self.a * 10 + self.b


class Swapped(Base):
    def __init__(self, a, b):
        self.b = b
        self.extra = 0
        self.a = a


class Late(Base):
    def __init__(self, a, b):
        self.c = 1
        super().__init__(a, b)


def run(n):
    objs = [Base(1, 2), Swapped(3, 4), Late(5, 6)]
    t = 0
    for i in range(n):
        o = objs[i % 3]
        t += o.total()
        if i % 1000 == 999:
            o.__dict__["a"] = i % 7
    return t


print(run(30000))
print([o.kind for o in (Base(0, 0), Swapped(0, 0), Late(0, 0))])
