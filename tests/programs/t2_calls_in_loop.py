# Hot loops calling small functions, methods and defaulted functions; __defaults__ replaced mid-loop; recursion in a loop.
def inc(x):
    return x + 1
def add3(a, b, c):
    return a + b + c
def scale(x, k=2, off=0):
    return x * k + off
def kw_only(x, *, mul=3):
    return x * mul
acc = 0
for i in range(2000):
    acc = inc(acc)
    acc += add3(i, -i, i % 5)
    acc += scale(i % 10)
    acc += scale(i % 10, 3)
    acc += scale(i % 10, off=1)
    acc += kw_only(i % 4)
    if i == 500:
        scale.__defaults__ = (10, 100)
    if i == 1000:
        scale.__defaults__ = (-1, 0)
        kw_only.__kwdefaults__ = {"mul": -3}
    if i == 1500:
        scale.__defaults__ = (1, 1)
    if i % 250 == 0:
        print("calls", i, acc, scale(1), kw_only(1))
print("calls", acc, scale.__defaults__, kw_only.__kwdefaults__)
# __defaults__ shrunk so a formerly-valid call fails inside the loop, then restored
def pair(a, b=5):
    return a * 10 + b
t = 0
errs = []
for i in range(1200):
    try:
        t += pair(i % 7)
    except TypeError as e:
        errs.append(i)
        emsg = str(e)
    if i == 400:
        pair.__defaults__ = None
    if i == 403:
        pair.__defaults__ = (9,)
    if i == 800:
        pair.__defaults__ = ()
    if i == 802:
        pair.__defaults__ = (-5,)
print("pair", t, errs, emsg)
# methods of several kinds called in one loop
class Acc:
    factor = 2
    def __init__(self):
        self.v = 0
    def add(self, x):
        self.v += x
        return self
    def add_scaled(self, x, k=None):
        if k is None:
            k = self.factor
        self.v += x * k
        return self.v
    def st(x):
        return -x
    st = staticmethod(st)
    def cm(cls, x):
        return x * cls.factor
    cm = classmethod(cm)
a = Acc()
q = 0
for i in range(1500):
    a.add(i % 3).add(1)
    q += a.add_scaled(1)
    q += Acc.st(i) + a.st(1) + Acc.cm(2) + a.cm(1)
    if i == 700:
        Acc.factor = 5
    if i == 1100:
        a.factor = 7
    if i % 300 == 0:
        print("meth", i, a.v, q)
print("meth", a.v, q)
# recursion inside a hot loop, depth varying per iteration
def fib(n):
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)
def depth_sum(n):
    if n == 0:
        return 0
    return n + depth_sum(n - 1)
fs = []
ds = 0
for i in range(400):
    ds += depth_sum(i % 60)
    if i % 20 == 0:
        fs.append(fib(i % 17))
print("rec", ds, fs)
# mutual recursion and a recursive function rebound mid-loop (the inner recursive call sees the new binding)
def is_even(n):
    if n == 0:
        return True
    return is_odd(n - 1)
def is_odd(n):
    if n == 0:
        return False
    return is_even(n - 1)
ev = 0
for i in range(600):
    if is_even(i % 30):
        ev += 1
    if i == 300:
        def is_odd(n):
            return n % 2 == 1
print("even", ev)
def count_down(n):
    if n <= 0:
        return 0
    return 1 + count_down(n - 1)
cd = []
for i in range(300):
    r = count_down(i % 25)
    if i == 150:
        orig = count_down
        count_down = lambda n: 100
    if i % 30 == 0:
        cd.append(r)
print("cd", cd, orig(10), count_down(10))
# closures created once and called in a hot loop; the cell they read is rebound
def make_adder():
    base = [0]
    delta = 1
    def add(x):
        return x + delta + base[0]
    def set_delta(d):
        nonlocal delta
        delta = d
    return add, set_delta, base
add, set_delta, base = make_adder()
z = 0
for i in range(1500):
    z = add(z) % 1000003
    if i == 500:
        set_delta(7)
    if i == 900:
        base[0] = 100
    if i == 1200:
        set_delta(-50)
    if i % 300 == 0:
        print("closure", i, z)
print("closure", z)
# *args/**kwargs forwarding in the hot path
def fwd(*args, **kwargs):
    return scale(*args, **kwargs)
f = 0
for i in range(800):
    if i % 2:
        f += fwd(i, 2)
    else:
        f += fwd(i, off=i, k=1)
print("fwd", f)
