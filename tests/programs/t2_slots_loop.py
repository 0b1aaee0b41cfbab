# `__slots__` members in hot loops (LOAD_ATTR_SLOT, STORE_ATTR_SLOT): loads and stores of
# set slots, a slot unset and set again, a subclass adding a slot, a slot shadowing nothing
# and a class attribute of the same class, and an unset slot read in the loop (the
# specialized load deopts and the generic one raises AttributeError).
class P:
    __slots__ = ("x", "y", "z")

    def __init__(self, i):
        self.x = i * 0.5
        self.y = i
        self.z = None

    def norm(self):
        n = self.x * self.x + self.y * self.y
        self.x /= n if n else 1.0
        return self.x


class Q(P):
    __slots__ = ("w",)
    tag = "q"

    def __init__(self, i):
        super().__init__(i)
        self.w = -i


ps = [P(i) for i in range(200)] + [Q(i) for i in range(200)]
total = 0.0
for k in range(30):
    for p in ps:
        p.y = p.y + 1
        total += p.norm()
        if k == 10 and p.y % 7 == 0:
            del p.z
        if k == 20 and p.y % 7 == 0:
            p.z = k
print(round(total, 6), sum(p.y for p in ps))
print(sum(1 for p in ps if getattr(p, "z", None) is not None))
print(sum(q.w for q in ps if isinstance(q, Q)), Q.tag, ps[-1].tag)

missing = 0
for p in ps:
    try:
        p.z
    except AttributeError as e:
        missing += 1
        msg = str(e)
print(missing)
a = P(3)
del a.z
for i in range(100):
    try:
        v = a.z
    except AttributeError as e:
        msg = str(e)
print(msg)
try:
    a.q = 1
except AttributeError as e:
    print(e)
