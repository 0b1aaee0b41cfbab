class Obj:
    pass
objs = []
for i in range(3000):
    o = Obj()
    if i % 2:
        o.a = i
    if i % 3:
        o.b = i * 2
    o.c = i
    if i % 5 == 0:
        o.a = "five"
    objs.append(o)
tot = 0
strs = 0
for o in objs:
    a = getattr(o, "a", 0)
    if isinstance(a, str):
        strs += 1
    else:
        tot += a
    tot += getattr(o, "b", -1) + o.c
print(tot, strs)
for i, o in enumerate(objs):
    if i % 7 == 0 and hasattr(o, "b"):
        del o.b
    if i % 11 == 0:
        o.__dict__["d"] = i
print(sum(getattr(o, "b", 0) for o in objs), sum(getattr(o, "d", 0) for o in objs))
print(list(vars(objs[10]).keys()), list(objs[33].__dict__), list(vars(objs[0])))
o = Obj()
for i in range(200):
    setattr(o, "attr%d" % i, i)
for i in range(0, 200, 2):
    delattr(o, "attr%d" % i)
print(len(vars(o)), list(vars(o))[:5], sum(vars(o).values()))
o.__dict__.clear()
print(vars(o), hasattr(o, "attr1"))
class WithCls:
    shared = 1
w1, w2 = WithCls(), WithCls()
w1.shared = 5
print(w1.shared, w2.shared, WithCls.shared)
del w1.shared
print(w1.shared)
WithCls.shared = 9
print(w1.shared, w2.shared)
