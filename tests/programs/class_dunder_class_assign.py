# assigning __class__ changes the instance's type, with CPython's layout checks
class A:
    def __init__(self, v):
        self.v = v
    def who(self):
        return 'A' + str(self.v)
class B:
    def who(self):
        return 'B' + str(self.v)
    def extra(self):
        return self.v * 2
class SubA(A):
    pass
a = A(1)
print(type(a).__name__, a.who(), isinstance(a, A), isinstance(a, B))
a.__class__ = B
print(type(a).__name__, a.who(), a.extra(), a.v, isinstance(a, A), isinstance(a, B), a.__class__ is B)
print(a.__dict__, vars(a))
a.w = 5
print(a.__dict__)
a.__class__ = SubA
print(type(a).__name__, a.who(), isinstance(a, A))
class Sl1:
    __slots__ = ('x', 'y')
class Sl2:
    __slots__ = ('y', 'x')
class Sl3:
    __slots__ = ('x',)
s = Sl1()
s.x = 1
s.__class__ = Sl2
print(type(s).__name__, s.x, hasattr(s, 'y'))
class E1(Exception):
    pass
class E2(Exception):
    pass
ex = E1('msg')
ex.__class__ = E2
print(type(ex).__name__, ex.args, isinstance(ex, E2))
for target, obj in [(Sl3, s), (A, s), (B, Sl3()), (int, a), (5, a), (A, ex), (A, 5), (A, object()), (E1, a)]:
    try:
        obj.__class__ = target
        print('ok', type(obj).__name__)
    except TypeError as e:
        print('TypeError:', e)
try:
    del a.__class__
except TypeError as e:
    print('TypeError:', e)
class Counter:
    def __init__(self):
        self.n = 0
    def step(self):
        self.n += 1
        return self.n
class Doubler:
    def step(self):
        self.n += 2
        return self.n
c = Counter()
log = []
for i in range(600):
    log.append(c.step())
    if i % 100 == 99:
        c.__class__ = Doubler if type(c) is Counter else Counter
        log.append(type(c).__name__)
print(log[95:105], log[-5:], c.n)
objs = [A(i) for i in range(300)]
out = 0
for i in range(300):
    o = objs[i]
    if i % 3 == 0:
        o.__class__ = B
    r = o.who()
    out += len(r)
    if type(o) is B:
        out += o.extra()
print(out, sum(1 for o in objs if type(o) is B))
class P1:
    def __init__(self):
        self.a = 1
        self.b = 2
class P2:
    def __init__(self):
        self.b = 20
        self.a = 10
total = 0
ps = [P1() for i in range(200)]
for i in range(200):
    p = ps[i]
    total += p.a + p.b
    p.__class__ = P2
    total += p.a * 100 + p.b
    p.c = 3
    total += p.c
print(total, vars(ps[0]), vars(P2()))
