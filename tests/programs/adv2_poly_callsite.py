class A:
    def f(self): return 1
class B:
    def f(self): return 2.5
class C:
    def f(self): return "c"
class D(A):
    def f(self): return [4]
class E:
    f = staticmethod(lambda: 5)
class F:
    @classmethod
    def f(cls): return cls.__name__
class G:
    def __init__(self):
        self.f = lambda: 7
objs = [A(), B(), C(), D(), E(), F(), G()]
res = {}
for i in range(35000):
    o = objs[(i * 3) % 7]
    v = o.f()
    k = type(v).__name__
    res[k] = res.get(k, 0) + 1
print(sorted(res.items()))
def apply(fn, x):
    return fn(x)
fns = [abs, str, len, lambda q: q, float, repr, bool, hex, int]
outs = []
for i in range(9000):
    fn = fns[i % 9]
    arg = -i if fn not in (len,) else [0] * (i % 5)
    outs.append(apply(fn, arg))
print(outs[:18], outs[-9:])
def add(a, b):
    return a + b
pairs = [(1, 2), (1.5, 2), ("a", "b"), ([1], [2]), ((1,), (2,)), (2**70, 1), (True, True), (1, 2.5)]
r = []
for i in range(8000):
    r.append(add(*pairs[i % 8]))
print(r[:8], len(r))
def getlen(x):
    return len(x)
seqs = ["abc", [1, 2], (1,), {1: 2, 3: 4}, {5}, range(10), "", "xyz"]
print(sum(getlen(seqs[i % 8]) for i in range(80000)))
def idx(c, i):
    return c[i]
conts = [[10, 20, 30], (10, 20, 30), "abc", {0: "z", 1: "y", 2: "x", -1: "w"}, range(100, 103)]
print([idx(conts[i % 5], i % 3) for i in range(15)], [idx(c, -1) for c in conts])
