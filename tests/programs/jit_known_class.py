# Attribute loads and stores whose class the trace optimizer proved (a type-version guard on
# the object passed and nothing escaped since): the Cranelift backend reads the class's
# shared keys when it compiles, not at every pass. These loops check that the slot is still
# the right one when the object is not what the proof was about: an instance whose class was
# reassigned, instances whose attributes were added in another order, classes made and
# freed in a loop (their version tags are reused slots of the runtime's table), a class
# changed while a trace runs, and an instance given a __dict__.


class P:
    def __init__(self, x, y):
        self.x = x
        self.y = y


class Q:
    def __init__(self, y, x):
        self.y = y
        self.x = x


def norm1(ps):
    t = 0
    for p in ps:
        t += p.x * 3 + p.y
    return t


def swap_class(n):
    ps = [P(i, i + 1) for i in range(8)]
    total = 0
    for k in range(n):
        total += norm1(ps)
        if k == n // 2:
            # Same attributes, other class, other slot order: the guards must see it.
            ps[3].__class__ = Q
            ps[5].__class__ = Q
            ps[5].z = 7
    return total


def mixed_order(n):
    a = P(1, 2)
    b = P.__new__(P)
    b.y = 20
    b.x = 10
    total = 0
    for k in range(n):
        o = a if k % 3 else b
        total += o.x - o.y
        o.x = o.x + 1
        o.x = o.x - 1
    return total


def fresh_classes(n):
    total = 0
    for k in range(n):
        class C:
            def __init__(self, v):
                if k % 2:
                    self.a = v
                    self.b = v * 2
                else:
                    self.b = v * 2
                    self.a = v

        c = C(k)
        for _ in range(30):
            total += c.a + c.b
            c.a = c.a + 1
    return total


class R:
    scale = 2

    def __init__(self):
        self.v = 1
        self.w = 5


def change_class_midway(n):
    r = R()
    total = 0
    for k in range(n):
        total += r.v * R.scale + r.w
        if k == n - 300:
            R.scale = 3
            R.extra = 1
        if k == n - 100:
            r.__dict__["v"] = 4
            vars(r)["w"] = 6
    return total


print(swap_class(400))
print(mixed_order(5000))
print(fresh_classes(400))
print(change_class_midway(6000))
