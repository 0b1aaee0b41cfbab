# Py-exact-args CALL sites invalidated by __defaults__/__kwdefaults__ changes and def redefinition in loops.
def f(a, b=1, c=2):
    return a * 100 + b * 10 + c
acc = 0
snap = []
for i in range(1500):
    acc += f(i % 3) + f(i % 3, 4)
    if i == 300:
        f.__defaults__ = (5, 6)
    if i == 600:
        f.__defaults__ = (7, 8, 9)
    if i == 900:
        f.__defaults__ = (7,)
        try:
            f(1)
        except TypeError as e:
            snap.append(str(e))
        f.__defaults__ = (1, 2)
    if i == 1200:
        f.__defaults__ = None
        try:
            f(1, 2)
        except TypeError as e:
            snap.append(str(e))
        f.__defaults__ = (0, 0)
    if i % 300 == 0:
        snap.append(f.__defaults__)
print(acc, snap)
def g(x, *, scale=2, shift=0):
    return x * scale + shift
tot = 0
for i in range(1000):
    tot += g(i)
    if i == 250:
        g.__kwdefaults__ = {"scale": 3, "shift": 1}
    if i == 500:
        g.__kwdefaults__["shift"] = 100
    if i == 750:
        g.__kwdefaults__ = {"scale": 1, "shift": 0}
print(tot, sorted(g.__kwdefaults__.items()))
# mutable default shared across calls of a hot function
def collect(x, into=[]):
    into.append(x)
    return len(into)
s = 0
for i in range(700):
    s += collect(i)
    if i == 350:
        collect.__defaults__ = ([],)
print(s, len(collect.__defaults__[0]))
# redefinition with def in a loop: arg counts and defaults differ per version
out = 0
for i in range(1200):
    if i % 400 == 0:
        ver = i // 400
        if ver == 0:
            def h(a, b=10):
                return a + b
        elif ver == 1:
            def h(a, b=-10, c=3):
                return (a + b) * c
        else:
            def h(*args):
                return len(args) * 1000
    out += h(i) + h(i, 1)
print(out, h.__name__, h.__defaults__)
# closures made in a loop capture the current value of a default vs a cell
fns = []
for i in range(6):
    fns.append(lambda x, i=i: x + i)
cells = []
for i in range(6):
    cells.append(lambda x: x + i)
r1 = 0
r2 = 0
for k in range(900):
    r1 += fns[k % 6](k)
    r2 += cells[k % 6](k)
print(r1, r2, [fn(0) for fn in fns], [fn(0) for fn in cells])
# default that is evaluated once at def time from a global that later changes
LIMIT = 10
def clamp(x, hi=LIMIT):
    return x if x < hi else hi
c = 0
for i in range(600):
    c += clamp(i % 20)
    if i == 300:
        LIMIT = 3
    if i == 450:
        def clamp(x, hi=LIMIT):
            return x if x < hi else hi
print(c, clamp(100), clamp.__defaults__)
