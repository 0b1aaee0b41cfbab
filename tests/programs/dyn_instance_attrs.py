# Adding/deleting instance attributes mid-loop; attribute shadowing class attribute.
class Obj:
    val = "class"
    def __init__(self):
        self.a = 1
o = Obj()
log = []
for i in range(2000):
    if i == 500:
        o.b = 2
    if i == 1000:
        del o.a
    if i == 1200:
        o.val = "instance"
    if i == 1500:
        del o.val
        o.a = 3.5
    s = o.a if hasattr(o, "a") else 0
    s2 = getattr(o, "b", 0)
    log.append((s, s2, o.val))
print(log[0], log[500], log[1000], log[1200], log[1500], log[-1])
print(len(set(log)), sorted(set((x[0], x[1]) for x in log)))
objs = [Obj() for _ in range(10)]
for i, ob in enumerate(objs):
    if i % 2:
        ob.extra = i
    if i % 3 == 0:
        del ob.a
tot = 0
for rep in range(300):
    for ob in objs:
        tot += getattr(ob, "a", 100) + getattr(ob, "extra", 0)
print("tot", tot)
p = Obj()
for i in range(1000):
    setattr(p, "f%d" % (i % 20), i)
print(sorted((k, getattr(p, k)) for k in ["f0", "f5", "f19"]))
try:
    del p.nonexistent
except AttributeError as e:
    print("AttributeError:", e)
