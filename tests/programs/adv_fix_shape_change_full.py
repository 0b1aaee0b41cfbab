class P:
    def __init__(self, i):
        if i % 3 == 0:
            self.a = i
            self.b = i * 2
        elif i % 3 == 1:
            self.b = i * 2
            self.a = i
        else:
            self.a = i
        if i % 5 == 0:
            self.extra = "e"
def get(p):
    return p.a + getattr(p, 'b', 0)
ps = [P(i) for i in range(3000)]
print(sum(get(p) for p in ps))
print(sum(1 for p in ps if hasattr(p, 'extra')))
for i, p in enumerate(ps):
    if i % 7 == 0:
        del p.a
        p.a = -1
print(sum(get(p) for p in ps))
print(sorted(vars(ps[15]).items()), sorted(vars(ps[1]).items()), list(vars(ps[1])))
class Q:
    pass
q = Q()
for i in range(100):
    setattr(q, "attr%d" % i, i)
print(sum(getattr(q, "attr%d" % i) for i in range(100)), len(q.__dict__))
for i in range(0, 100, 2):
    delattr(q, "attr%d" % i)
print(len(vars(q)), list(vars(q))[:5])
q.__dict__['direct'] = 5
print(q.direct)
class R:
    cls_attr = 1
r = R()
out = []
for i in range(2000):
    out.append(r.cls_attr)
    if i == 500:
        r.cls_attr = 2
    if i == 1000:
        R.cls_attr = 3
    if i == 1500:
        del r.cls_attr
print(out[500], out[501], out[1001], out[1501], sum(out))
