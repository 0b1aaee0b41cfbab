# Mixed float/int comparisons and class attributes read through instances.
nan = float("nan")
big = 2 ** 60
vals = [0.5, -1.5, 3.0, nan, float("inf"), 1e300, 2.0 ** 60, 9007199254740993.0]
ints = [0, 1, -2, 3, big, big + 1, 2 ** 53 + 1, -(2 ** 53) - 1]
out = []
for _ in range(30):
    for f in vals:
        for i in ints:
            out.append((f < i, f <= i, f == i, f != i, f > i, f >= i, i < f, i == f, i >= f))
print(len(out), sum(sum(t) for t in out), out[:3], out[-3:])

class C:
    k = 3
    name = "c"
    items = (1, 2)
    kind = int
    def __init__(self):
        self.v = 1
    def get(self):
        return self.k + len(self.name) + self.items[1] + self.kind("4")
c = C()
t = 0
for i in range(200):
    t += c.get()
    if i == 100:
        c.k = 100          # the instance shadows the class attribute
    if i == 150:
        C.name = "longer"  # the class changes
print(t)
class D(C):
    pass
d = D()
print(sum(d.get() for _ in range(100)), d.k, D.k)
