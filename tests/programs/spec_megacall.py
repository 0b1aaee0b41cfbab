# Megamorphic call sites: one CALL site hits py functions, defaults, kwargs, bound methods, builtins, classes.
def f0():
    return 7
def f1(a):
    return a * 2
def f2(a, b):
    return a - b
def fdef(a, b=10, c=100):
    return a + b + c
def fstar(*args):
    return len(args)
def fkw(a, *, k=3):
    return a * k
def fall(*args, **kw):
    return len(args) * 10 + len(kw)
class Acc:
    def __init__(self, base):
        self.base = base
    def add(self, x):
        self.base += x
        return self.base
    def pair(self, x, y=1):
        return self.base * y + x
    @staticmethod
    def st(x):
        return -x
    @classmethod
    def cm(cls, x):
        return cls.__name__ + str(x)
class Pt:
    def __init__(self, x, y=0):
        self.x = x
        self.y = y
class Bare:
    pass
acc = Acc(1)
one_arg = [f1, fdef, fstar, fkw, fall, acc.add, acc.pair, Acc.st, Acc.cm, acc.cm,
           abs, len, str, repr, int, float, bool, list, tuple, type, Pt, Acc,
           lambda v: v, sorted, min, callable, chr]
out = []
total = 0
for i in range(2000):
    fn = one_arg[i % len(one_arg)]
    arg = i % 50 + 1
    if fn is len or fn is sorted or fn is list or fn is tuple or fn is min:
        arg = [arg, 3, arg % 7]
    r = fn(arg)
    if isinstance(r, int):
        total += r
    elif isinstance(r, float):
        total += int(r * 2)
    elif isinstance(r, str):
        total += len(r)
    elif isinstance(r, (list, tuple)):
        total += sum(r)
    elif isinstance(r, Pt):
        total += r.x + r.y
    else:
        total += 1
    if i < len(one_arg):
        out.append(type(r).__name__)
print(total, acc.base)
print(out)
two = [f2, fdef, fstar, fall, acc.pair, max, min, divmod, pow, Pt, isinstance, getattr, lambda a, b: a * b]
res = []
for i in range(1500):
    k = i % len(two)
    fn = two[k]
    a = i % 17 + 1
    b = i % 5 + 1
    if fn is isinstance:
        r = fn(a, (str, int) if i % 2 else float)
    elif fn is getattr:
        r = fn(acc, "base" if i % 3 else "nope", -1)
    else:
        r = fn(a, b)
    if k == 9:
        r = r.x * 100 + r.y
    if i >= 1500 - len(two):
        res.append(r)
print(res)
kwsites = [(fdef, {"c": 1}), (fdef, {"b": 2, "c": 3}), (fkw, {"k": 5}), (fall, {"q": 1, "r": 2}),
           (acc.pair, {"y": 3}), (Pt, {"y": 9}), (sorted, {"reverse": True})]
t = 0
for i in range(1400):
    fn, kw = kwsites[i % 7]
    if fn is sorted:
        r = fn([i % 3, i % 5, 1], **kw)
        t += r[0]
    else:
        r = fn(i % 11, **kw)
        t += r.y if isinstance(r, Pt) else r
print(t, acc.base)
errs = {}
callees = [f0, f1, f2, fkw, Bare, Acc.st, len]
for i in range(700):
    fn = callees[i % 7]
    try:
        if i % 2:
            fn(1, 2)
        else:
            fn()
    except TypeError as e:
        errs[str(e)] = errs.get(str(e), 0) + 1
for k in sorted(errs):
    print(errs[k], k)
