class V:
    def __init__(self, x):
        self.x = x
    def __add__(self, o):
        return V(self.x + o.x)
    def __repr__(self):
        return "V(%s)" % self.x
acc = V(0)
for i in range(30000):
    acc = acc + V(1)
    if i == 10000:
        V.__add__ = lambda self, o: V(self.x + 2 * o.x)
    if i == 20000:
        def radd(self, o):
            return V(self.x - o.x)
        V.__add__ = radd
print(acc)
class B:
    n = 0
    def __bool__(self):
        return B.n % 2 == 0
cnt = 0
b = B()
for i in range(1000):
    B.n = i
    if b:
        cnt += 1
    if i == 500:
        del B.__bool__
        B.__len__ = lambda self: 0
print(cnt)
class It:
    def __init__(self):
        self.i = 0
    def __iter__(self):
        return self
    def __next__(self):
        self.i += 1
        if self.i > 5:
            raise StopIteration
        return self.i
print(list(It()), sum(It()))
def _stop(self):
    raise StopIteration
It.__next__ = _stop
print(list(It()))
class Eq:
    def __init__(self, v):
        self.v = v
e1, e2 = Eq(1), Eq(1)
r = []
for i in range(100):
    r.append(e1 == e2)
    if i == 50:
        Eq.__eq__ = lambda s, o: s.v == o.v
print(r.count(True), r.count(False))
class Cmp:
    def __init__(self, v):
        self.v = v
    def __lt__(self, o):
        return self.v < o.v
    def __gt__(self, o):
        return self.v > o.v
items = [Cmp(i % 17) for i in range(200)]
print([c.v for c in sorted(items)[:20]], max(items).v)
class Call:
    def __call__(self, x):
        return x + 1
c = Call()
s = 0
for i in range(5000):
    s += c(i)
    if i == 2500:
        Call.__call__ = lambda self, x: x * 2
print(s)
class Idx:
    def __getitem__(self, k):
        return k * 2
    def __setitem__(self, k, v):
        print("set", k, v)
    def __len__(self):
        return 3
    def __contains__(self, x):
        return x == 42
ix = Idx()
print(ix[5], ix["a"], len(ix), 42 in ix, 41 in ix)
ix[0] = 1
print(list(ix)[:0] if False else [ix[i] for i in range(3)])
class Neg:
    def __neg__(self): return "neg"
    def __pos__(self): return "pos"
    def __invert__(self): return "inv"
    def __abs__(self): return "abs"
n = Neg()
print(-n, +n, ~n, abs(n))
class R:
    def __radd__(self, o):
        return "radd %r" % (o,)
    def __rmul__(self, o):
        return "rmul"
print(1 + R(), "s" + R(), 3 * R(), sum([R()], 0) if False else 0 + R())
