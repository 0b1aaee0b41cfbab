# Traces that follow calls: callees entered and left inside a trace, type flips inside a
# callee, a callee rebound or its defaults changed while the loop runs, __init__ frames,
# generators, nesting deeper than a trace follows, and errors raised deep in a callee.
def sq(x):
    return x * x
def twice(f, x):
    return f(f(x))
def level3(x):
    return x + 3
def level2(x):
    return level3(x) * 2
def level1(x):
    return level2(x) - 1
def l6(x):
    return x + 1
def l5(x):
    return l6(x) + 1
def l4(x):
    return l5(x) + 1
def l3(x):
    return l4(x) + 1
def l2(x):
    return l3(x) + 1
def l1(x):
    return l2(x) + 1
total = 0
for i in range(3000):
    total += sq(i % 100)
    total += level1(i)
    total += l1(i) - 6
    total += twice(sq, i % 7)
print("nest", total)

# A type that flips inside the callee: the callee's guards exit, the loop's trace survives.
def add_one(v):
    return v + 1
acc = 0
accf = 0.0
for i in range(3000):
    v = i if i % 3 else float(i)
    r = add_one(v)
    if type(r) is int:
        acc += r
    else:
        accf += r
print("flip", acc, accf)

# Methods and __init__ through the trace.
class Point:
    def __init__(self, x, y):
        self.x = x
        self.y = y
    def norm1(self):
        return abs(self.x) + abs(self.y)
    def moved(self, dx):
        return Point(self.x + dx, self.y - dx)
s = 0
for i in range(3000):
    p = Point(i, -i)
    q = p.moved(2)
    s += q.norm1() + p.norm1()
print("points", s)

# A callee rebound mid-loop, and its defaults replaced.
def step(x, k=1):
    return x + k
z = 0
for i in range(3000):
    z = step(z)
    if i == 1000:
        def step(x, k=1):
            return x - k
    if i == 2000:
        step.__defaults__ = (5,)
print("rebound", z)

# A method replaced on the class while its caller's loop is hot.
class Counter:
    def __init__(self):
        self.n = 0
    def bump(self):
        self.n += 1
c = Counter()
for i in range(3000):
    c.bump()
    if i == 1500:
        Counter.bump = lambda self: setattr(self, "n", self.n + 10)
print("counter", c.n)

# Generator functions called in a hot loop (a trace does not enter them).
def gen(n):
    for k in range(n):
        yield k
g = 0
for i in range(1500):
    g += sum(gen(i % 5))
print("gen", g)

# A callee that returns from inside its own loop.
def find(xs, want):
    for j, x in enumerate(xs):
        if x == want:
            return j
    return -1
xs = list(range(20))
f = 0
for i in range(2000):
    f += find(xs, i % 25)
print("find", f)

# __init__ that returns a value late in the loop: TypeError at the call's line.
class Bad:
    def __init__(self, i):
        self.i = i
        if i == 2500:
            return i
made = 0
try:
    for i in range(3000):
        Bad(i)
        made += 1
except TypeError as e:
    print("bad init", made, e)

# An error deep in nested callees, caught in the loop's frame.
def inner(x):
    return 100 // (x % 50)
def middle(x):
    return inner(x) + 1
def outer(x):
    return middle(x) * 2
caught = []
o = 0
for i in range(2000):
    try:
        o += outer(i)
    except ZeroDivisionError:
        caught.append(i)
print("caught", o, caught[:5], len(caught))

# Recursion under a hot loop, deep enough to raise RecursionError now and then.
def down(n):
    if n == 0:
        return 0
    return 1 + down(n - 1)
deep = 0
errors = 0
for i in range(300):
    try:
        deep += down(5 if i % 100 else 5000)
    except RecursionError:
        errors += 1
print("recursion", deep, errors)

# Finally an uncaught error three calls deep: the traceback's last line is checked.
def crash3(x):
    return [1, 2, 3][x]
def crash2(x):
    return crash3(x) + 1
def crash1(x):
    return crash2(x) + 1
t = 0
for i in range(3000):
    t += crash1(i % 3 if i < 2900 else 7)
print("unreachable", t)
