class It:
    def __init__(self, n):
        self.n = n
    def __iter__(self):
        return iter(range(self.n))
print(3 in It(5), 7 in It(5), list(It(3)), sorted(It(4), reverse=True))
class V:
    def __init__(self, v):
        self.v = v
    def __add__(self, o):
        return V(self.v + (o.v if isinstance(o, V) else o))
    def __radd__(self, o):
        return V(o + self.v)
    def __repr__(self):
        return f"V{self.v}"
print(sum([V(1), V(2), V(3)]), sum([V(1)], 10), 5 + V(1), V(1) + 5)
class Lt:
    def __init__(self, v):
        self.v = v
    def __lt__(self, o):
        return self.v < o.v
    def __repr__(self):
        return f"Lt{self.v}"
xs = [Lt(3), Lt(1), Lt(2)]
print(max(xs), min(xs), sorted(xs), Lt(1) > Lt(0))
class BadRepr:
    def __repr__(self):
        return 5
try:
    repr(BadRepr())
except TypeError as e:
    print("TypeError", e)
class OnlyRepr:
    def __repr__(self):
        return "OR"
print(str(OnlyRepr()), f"{OnlyRepr()}", [OnlyRepr()], "%s" % OnlyRepr())
class Unhash:
    __hash__ = None
try:
    hash(Unhash())
except TypeError as e:
    print("TypeError", e)
class EqP:
    def __init__(self, k):
        self.k = k
    def __eq__(self, o):
        return self.k == o.k
class EqC(EqP):
    def __hash__(self):
        return hash(self.k)
print(len({EqC(1), EqC(1), EqC(2)}), EqP(1) != EqP(2), EqP(1) != EqP(1))
try:
    {EqP(1)}
except TypeError as e:
    print("TypeError", e)
class BadIter:
    def __iter__(self):
        return 5
try:
    iter(BadIter())
except TypeError as e:
    print("TypeError", e)
class Nx:
    def __init__(self):
        self.i = 0
    def __next__(self):
        self.i += 1
        return self.i
n = Nx()
print(next(n), next(n), next(n))
class Callable:
    def __call__(self):
        return "v1"
c = Callable()
outs = []
for i in range(2000):
    outs.append(c())
    if i == 1000:
        Callable.__call__ = lambda self: "v2"
print(outs[1000], outs[1001], outs.count("v2"))
class GA:
    def __getattr__(self, name):
        return lambda *a: (name, a)
print(GA().foo(1, 2), GA().bar())
class BigLen:
    def __len__(self):
        return 2**70
try:
    len(BigLen())
except OverflowError as e:
    print("OverflowError", e)
class Ctx:
    def __contains__(self, x):
        return x % 2 == 0
print(4 in Ctx(), 3 in Ctx(), 3 not in Ctx())
class R:
    def __init__(self, v):
        self.v = v
    def __eq__(self, o):
        print("eq called", self.v, o.v if isinstance(o, R) else o)
        return NotImplemented
print(R(1) == R(2))
print(R(1) == 3)
print([R(1)].count(R(1)) if False else "skip")
class Ord:
    def __init__(self, v):
        self.v = v
    def __gt__(self, o):
        return self.v > o.v
    def __repr__(self):
        return f"O{self.v}"
print(sorted([Ord(2), Ord(1), Ord(3)]), Ord(1) < Ord(2))
