# A method replaced on the class (Class.meth = other_function) in the middle of hot loops calling obj.meth().
class Counter:
    def __init__(self, start):
        self.n = start
    def step(self):
        self.n += 1
        return self.n
    def get(self, k):
        return self.n + k
def step_double(self):
    self.n = self.n * 2 % 100003
    return self.n
def step_back(self):
    self.n -= 3
    return -self.n
objs = [Counter(i) for i in range(4)]
acc = 0
for i in range(2400):
    o = objs[i % 4]
    acc += o.step()
    if i == 600:
        Counter.step = step_double
    if i == 1200:
        Counter.step = step_back
    if i == 1800:
        del Counter.step
        Counter.step = lambda self: 1
    if i % 200 == 0:
        print("step", i, acc, [c.n for c in objs])
print("acc", acc, [c.n for c in objs])
# the method is replaced by the method itself being called (replacement from inside the call)
class Self:
    calls = 0
    def run(self, x):
        Self.calls += 1
        if Self.calls == 500:
            Self.run = Self.run_fast
        return x + 1
    def run_fast(self, x):
        Self.calls += 1
        return x + 1000
s = Self()
t = 0
for i in range(1000):
    t += s.run(i)
    if i % 100 == 99:
        print("self", i, t, Self.calls)
# replacement with a method taking a different number of arguments, calls guarded with try/except
class P:
    def f(self, a):
        return a * 2
def f2(self, a, b):
    return a + b
def f3(self, a, b=5):
    return a - b
p = P()
tot = 0
errs = 0
for i in range(1500):
    try:
        tot += p.f(i)
    except TypeError:
        errs += 1
    if i == 400:
        P.f = f2
    if i == 700:
        P.f = f3
    if i == 1100:
        P.f = staticmethod(lambda a: a * a)
    if i % 250 == 0:
        print("P", i, tot, errs)
print("tot", tot, errs)
# instance-level method shadowing on some objects only, mixed with class-level swap
class Shape:
    def __init__(self, s):
        self.s = s
    def area(self):
        return self.s * self.s
shapes = [Shape(k) for k in range(1, 6)]
area_sum = 0
for i in range(2000):
    sh = shapes[i % 5]
    area_sum += sh.area()
    if i == 500:
        shapes[2].area = lambda: 7
    if i == 900:
        Shape.area = lambda self: self.s * 4
    if i == 1300:
        del shapes[2].area
    if i == 1600:
        shapes[4].area = len
        shapes[4].area = lambda: -100
    if i % 250 == 249:
        print("area", i, area_sum)
print("area_sum", area_sum, [sh.area() for sh in shapes])
