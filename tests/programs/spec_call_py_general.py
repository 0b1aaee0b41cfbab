# CALL_PY_GENERAL: positional calls of functions with *args and/or **kwargs.
def va(a, *args):
    return a + len(args) + (args[-1] if args else 0)
def vk(a, b=2, **kw):
    return a + b + len(kw)
def both(self, msg, *args, **kwargs):
    return (msg, args, sorted(kwargs.items()))
def only(*args):
    return sum(args)
def cell(a, *rest):
    def inner():
        return a + len(rest)
    return inner()
def gen(*xs):
    for x in xs:
        yield x * 2
class L:
    def debug(self, msg, *args, **kwargs):
        if self.enabled(10):
            return 1
        return 0
    def enabled(self, level):
        return level > 20
t = 0
lg = L()
for i in range(300):
    t += va(i) + va(i, 1) + va(i, 1, 2, 3)
    t += vk(i) + vk(i, 5)
    t += len(both(None, "m")[1]) + len(both(None, "m", i, i)[1])
    t += only() + only(i) + only(i, i, i)
    t += cell(i) + cell(i, 1, 2)
    t += sum(gen(i, i + 1))
    t += lg.debug("x") + lg.debug("y", 1)
print(t, both(1, 2, 3, k=4), vk(1, b=3, z=1))
try:
    vk()
except TypeError as e:
    print(e)
def f(a, *args):
    return args
for i in range(100):
    r = f(i, i)
print(r, type(r))
def kwm(**kw):
    kw["x"] = 1
    return kw
print([kwm() for _ in range(3)])
def ko(a, *, b=1, c=2):
    return a + b + c
def kov(a, *rest, b=10, **kw):
    return (a, rest, b, kw)
def kreq(a, *, b):
    return a + b
t = 0
for i in range(200):
    t += ko(i) + ko(i, b=5) + kov(i)[2] + len(kov(i, 1, 2)[1])
print(t, ko(1, c=3), kov(1, 2, b=3, z=4))
for i in range(50):
    try:
        kreq(i)
    except TypeError as e:
        m = str(e)
print(m)
def dflt_changes(a, *, b=1):
    return a + b
r = []
for i in range(100):
    if i == 50:
        dflt_changes.__kwdefaults__ = {"b": 100}
    r.append(dflt_changes(i))
print(r[49], r[50], r[99])
