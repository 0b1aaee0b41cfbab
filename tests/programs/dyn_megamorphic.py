# Megamorphic call sites: one line calls methods of 6+ different classes.
class A:
    def area(self):
        return 1
class B:
    def area(self):
        return 2.5
class C:
    def __init__(self):
        self.k = 3
    def area(self):
        return self.k
class D(A):
    pass
class E(C):
    def area(self):
        return C.area(self) * 10
class F:
    def area(self):
        return "F"
class G:
    area = lambda self: [7]
shapes = [A(), B(), C(), D(), E(), F(), G()]
nums = 0
strs = ""
lsts = []
for i in range(7000):
    r = shapes[i % 7].area()
    if isinstance(r, str):
        strs += r
    elif isinstance(r, list):
        lsts.append(r[0])
    else:
        nums += r
print(nums, len(strs), len(lsts), sum(lsts))
def call_it(o):
    return o.area()
tally = {}
for i in range(3500):
    o = shapes[(i * 3) % 7]
    k = type(o).__name__
    v = call_it(o)
    tally[k] = tally.get(k, 0) + (v if isinstance(v, (int, float)) else len(v))
print(sorted(tally.items()))
funcs = [len, abs, str, float, lambda x: x, sorted, lambda x: type(x).__name__]
args = ["abc", -3, 4, 7, "q", [3, 1, 2], 1.5]
out = []
for i in range(700):
    out.append(funcs[i % 7](args[i % 7]))
print(out[:7])
print(len(out))
attrs = []
for i in range(700):
    o = shapes[i % 7]
    attrs.append(getattr(o, "k", None))
print(attrs[:7])
