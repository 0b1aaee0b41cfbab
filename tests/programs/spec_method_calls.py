# Method-call sites (LOAD_ATTR method + CALL) whose receivers alternate: list.append vs user append, builtin methods.
class Sink:
    def __init__(self):
        self.items = 0
    def append(self, x):
        self.items += x
class Loud:
    def __init__(self):
        self.log = []
    def append(self, x, tag="t"):
        self.log.append(tag + str(x))
recv = [[], Sink(), [], Loud(), []]
for i in range(2500):
    r = recv[i % 5]
    r.append(i)
    if i == 1800:
        recv[2] = Sink()
print(len(recv[0]), recv[1].items, len(recv[2].__dict__), recv[2].items, len(recv[3].log), recv[3].log[-2:], len(recv[4]))
# list.append where `append` is shadowed by an instance attribute on a user object mid-loop
sk = Sink()
got = []
for i in range(900):
    sk.append(1)
    if i == 300:
        sk.append = got.append
    if i == 600:
        del sk.append
print(sk.items, len(got), got[:3])
# one site calling .count/.index/.get/.split/.upper etc. on different builtin types
objs = ["banana", [1, 2, 1, 3], (1, 1, 1), {"a": 1}, "a,b,,c", range(10)]
res = []
total = 0
for i in range(1800):
    o = objs[i % 6]
    k = i % 6
    if k == 3:
        v = o.get("a", 0) + o.get("z", -1)
    elif k == 4:
        v = len(o.split(","))
    else:
        v = o.count(1 if k in (1, 2, 5) else "a") + o.index("n" if k == 0 else 1)
    total += v
    if i < 6:
        res.append(v)
print(total, res)
# len/isinstance/type called on everything at one site
things = ["abc", [1, 2], (), {1: 2, 3: 4}, {5}, range(7), "", frozenset([1, 2, 3]), [[]], "\u00e9\u00e9"]
lt = 0
isn = 0
for i in range(2000):
    t = things[i % 10]
    lt += len(t)
    if isinstance(t, (list, tuple)):
        isn += 1
    if isinstance(t, str):
        isn += 100
    if type(t) is dict:
        isn += 10000
print(lt, isn)
# bound methods taken once and called from a hot loop, receiver mutated in between
buf = []
push = buf.append
pop = buf.pop
ext = buf.extend
for i in range(1500):
    push(i)
    if i % 3 == 0:
        pop()
    if i % 100 == 0:
        ext((i, -i))
    if i == 750:
        buf = []
print(len(buf), sum(push.__self__), len(push.__self__), push.__self__ is pop.__self__)
# string-building methods at a hot site
parts = []
for i in range(800):
    w = "w%d" % i
    parts.append(w.upper() if i % 3 == 0 else w.replace("w", "v") if i % 3 == 1 else w.zfill(5))
joined = "-".join(parts)
print(len(joined), joined[:40], joined.count("v"), joined.startswith("W0"), joined.endswith("v799"))
# dict methods at one site while the dict changes size (setdefault/pop/update)
d = {}
for i in range(1200):
    d.setdefault(i % 17, []).append(i)
    if i % 5 == 0:
        d.pop((i * 3) % 17, None)
    if i % 97 == 0:
        d.update({100 + i % 4: i})
print(sorted((k, len(v) if isinstance(v, list) else v) for k, v in d.items()))
# classmethod/staticmethod/bound method of another instance in one list, same call site
class K:
    f = 2
    def __init__(self, m):
        self.m = m
    def inst(self, x):
        return x * self.m
    @classmethod
    def cls_(cls, x):
        return x * cls.f
    @staticmethod
    def st(x):
        return x - 1
k1 = K(3)
k2 = K(-1)
calls = [k1.inst, k2.inst, K.cls_, k1.cls_, K.st, k2.st, k1.inst]
z = 0
for i in range(1400):
    z += calls[i % 7](i)
    if i == 700:
        K.f = 10
        k1.m = 0
print(z)
