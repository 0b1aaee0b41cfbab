class Base:
    k = 1
    def val(self):
        return self.k
class Mid(Base):
    pass
class Leaf(Mid):
    pass
objs = [Base(), Mid(), Leaf()]
tot = 0
hist = []
for i in range(30000):
    o = objs[i % 3]
    tot += o.val()
    if i == 5000:
        Base.k = 2
    if i == 10000:
        Mid.k = 5
    if i == 15000:
        setattr(Base, 'val', lambda self: self.k * 100)
    if i == 20000:
        delattr(Mid, 'k')
    if i == 25000:
        Leaf.val = lambda self: 7
    if i % 5000 == 4999:
        hist.append(tot)
print(tot, hist)
class P:
    def __init__(self):
        for j in range(40):
            setattr(self, 'a%d' % j, j)
ps = [P() for _ in range(50)]
s = 0
for n in range(2000):
    p = ps[n % 50]
    s += p.a0 + p.a39 + p.a17
    if n == 1000:
        for q in ps[::2]:
            del q.a17
            q.a17 = -1
    if n == 1500:
        P.a0 = 1000
        for q in ps:
            if hasattr(q, 'a0') and n % 2 == 0:
                del q.a0
print(s)
print(sorted(vars(ps[1]).items())[:5])
print(len(vars(ps[0])), list(vars(ps[0]))[-3:])
