# Cranelift pushes a local, or an attribute of such a local, without counting a reference
# (:borrowed:) while only pure float work and guards run. Anything that could drop what it
# borrows must first give the slot its own reference: a store to the local in the middle of
# an expression (walrus), a call that rebinds the attribute, the last reference dropped, an
# exit.


class P:
    def __init__(self, x, y):
        self.x = x
        self.y = y

    def move(self):
        self.x = self.x + 1.0
        return 0.5


class Box:
    made = 0

    def __init__(self, v):
        self.v = v
        Box.made += 1


def walrus(n):
    p = P(1.5, 2.5)
    q = P(10.0, 20.0)
    total = 0.0
    for i in range(n):
        total += p.x * 2.0 + (p := q if i % 2 else P(1.5, 2.5)).y
    return total


def rebind_in_call(n):
    p = P(0.0, 1.0)
    total = 0.0
    for i in range(n):
        total += p.x + p.move() + p.x
    return total, p.x


def replace_attr_object(n):
    p = P(1.0, 2.0)
    total = 0.0
    for i in range(n):
        old = p.x
        p.x = float(i)
        total += old - p.x + p.y
    return total


def last_reference(n):
    total = 0.0
    for i in range(n):
        o = Box(float(i))
        total += o.v * 0.5 + o.v
        o = None
    return total, Box.made


def exits(n):
    p = P(1.0, 2.0)
    total = 0.0
    for i in range(n):
        if i == n - 10:
            p.x = "s"
        try:
            total += p.x * p.y
        except TypeError:
            total -= 1.0
    return total


N = 6000
print(walrus(N))
print(rebind_in_call(N))
print(replace_attr_object(N))
print(last_reference(N))
print(exits(N))
