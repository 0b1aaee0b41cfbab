# __slots__ members read and written in hot loops (machine code reads the member slot
# straight), an unset member, a deleted one, a subclass with more members, and a float
# member updated in place.
class P:
    __slots__ = ("x", "y", "z")
    def __init__(self, x, y):
        self.x = x
        self.y = y

class Q(P):
    __slots__ = ("w",)

def walk(ps, n):
    t = 0.0
    for i in range(n):
        for p in ps:
            p.x = p.x + p.y * 0.5
            t += p.x
    return t

ps = [P(float(i), 1.0) for i in range(4)]
print(walk(ps, 3000))
q = Q(1.0, 2.0)
q.w = 7
ps.append(q)
print(walk(ps, 3000), q.w)

def read_z(ps, n):
    c = 0
    for i in range(n):
        for p in ps:
            try:
                c += p.z
            except AttributeError as e:
                c -= 1
    return c

for p in ps[:2]:
    p.z = 10
print(read_z(ps, 2000))
del ps[0].z
print(read_z(ps, 2000))

def names(ps, n):
    s = []
    for i in range(n):
        for p in ps:
            p.y = "abc"[i % 3]
    return [p.y for p in ps]
print(names(ps, 3000))

def fail(p, n):
    for i in range(n):
        if i == n - 1:
            del p.x
        v = p.x
    return v
try:
    fail(P(1, 2), 5000)
except AttributeError as e:
    print("AttributeError:", e)
