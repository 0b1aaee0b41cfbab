# Instance attributes added and deleted (del obj.x) during hot loops that read them under try/except AttributeError.
class Rec:
    def __init__(self, k):
        self.k = k
recs = [Rec(i) for i in range(5)]
total = 0
missing = 0
for i in range(2500):
    r = recs[i % 5]
    try:
        total += r.x * r.k
    except AttributeError as e:
        missing += 1
        last = str(e)
    # attribute x appears on one object at a time, moves along
    if i % 100 == 0:
        holder = recs[(i // 100) % 5]
        holder.x = i // 100 + 1
    if i % 100 == 50:
        del holder.x
    if i % 250 == 0:
        print("x", i, total, missing, [hasattr(q, "x") for q in recs])
print("total", total, missing, last)
# the loop itself adds attributes in alternating orders (different layouts) and deletes them
class Bag:
    pass
bags = [Bag() for _ in range(3)]
log = []
for i in range(1200):
    b = bags[i % 3]
    if i % 2 == 0:
        b.p = i
        b.q = -i
    else:
        b.q = i * 2
        b.p = 1
    v = b.p + b.q
    if i % 7 == 0:
        del b.p
        try:
            v += b.p
        except AttributeError:
            v -= 1000
        b.p = 0
    if i % 11 == 0:
        del b.q
    try:
        v += b.q
    except AttributeError:
        v += 1
    if i % 150 == 0:
        log.append(v)
        print("bag", i, v, sorted(b.__dict__))
print("log", log)
# many attributes, deleted in a different order than added; loop reads survivors via getattr default
class Wide:
    pass
w = Wide()
names = ["a0", "a1", "a2", "a3", "a4", "a5", "a6", "a7"]
for k, nm in enumerate(names):
    setattr(w, nm, k * 10)
acc = 0
for i in range(3200):
    nm = names[i % 8]
    acc += getattr(w, nm, -1)
    if i % 200 == 199:
        victim = names[(i // 200 * 3) % 8]
        if hasattr(w, victim):
            delattr(w, victim)
        else:
            setattr(w, victim, i)
        print("wide", i, acc, sorted(w.__dict__.items()))
print("acc", acc)
# reading an attribute that is sometimes on the instance and sometimes only on the class
class Dflt:
    color = "red"
d = Dflt()
colors = {}
for i in range(1000):
    if i % 3 == 0:
        d.color = "blue%d" % (i % 2)
    c = d.color
    colors[c] = colors.get(c, 0) + 1
    if i % 5 == 0:
        try:
            del d.color
        except AttributeError:
            colors["err"] = colors.get("err", 0) + 1
print("colors", sorted(colors.items()))
# deleting an attribute that does not exist in a hot loop
class E:
    pass
e = E()
fails = 0
for i in range(600):
    if i % 4 == 0:
        e.z = i
    try:
        del e.z
    except AttributeError as ex:
        fails += 1
        emsg = str(ex)
print("fails", fails, emsg)
