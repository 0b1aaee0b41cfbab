# A call whose inputs were partly written back to the frame by a nested call's
# deferral (:caller-floats:), while the caller has unboxed float locals: once the
# outer call returns, the caller's stack must be exactly as deep as before it.
# Values below the call (a list being built, a pending operand), exits after the
# call, and constructors (`V(...)`, :inline-init:) as the nested call.


class V:
    def __init__(self, x):
        self.x = x

    def add(self, o):
        return V(self.x + o.x)

    def scale(self, k):
        return V(self.x * k)


def listed(n):
    a = V(1.0)
    b = V(2.0)
    out = []
    for i in range(n):
        t = i * 0.5
        r = [i, a.add(b.scale(t)).x, i]
        out.append(r[1] + r[0] - r[2])
    return sum(out)


def operand(n):
    a = V(0.25)
    acc = 0.0
    for i in range(n):
        t = i * 0.125
        u = t + 1.0
        acc = acc + a.add(V(t).scale(u)).x * 2.0
        if i % 97 == 5:
            acc = -acc
    return acc


def walrus(n):
    a = V(3.0)
    d = {j: float(j) for j in range(7)}
    s = 0.0
    t = 0.0
    for i in range(n):
        s += a.add(V(d[i % 7] + (t := t * 0.5 + 1.0))).x - t
    return s, t


def deep(n):
    a = V(1.5)
    total = 0
    for i in range(n):
        f = i * 0.25
        total += int(a.add(a.add(a.scale(f).scale(2.0)).scale(0.5)).x)
    return total


for _ in range(3):
    print(listed(6000))
    print(operand(6000))
    print(walrus(6000))
    print(deep(6000))
