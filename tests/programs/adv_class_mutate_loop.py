class A:
    x = 1
    def m(self):
        return 10
a = A()
tot = 0
for i in range(3000):
    tot += a.m() + a.x
    if i == 1000:
        A.m = lambda self: 20
    if i == 2000:
        a.x = 100
    if i == 2500:
        del a.x
print(tot)
b = A()
res = []
for i in range(2000):
    if i == 700:
        b.m = lambda: 5
    if i == 1400:
        del b.m
    res.append(b.m())
print(res[699], res[700], res[1399], res[1400], sum(res))
class B(A):
    pass
c = B()
s = 0
for i in range(3000):
    s += c.m()
    if i == 1000:
        B.m = lambda self: 1
    if i == 2000:
        del B.m
print(s)
for i in range(3):
    A.y = i
    print(c.y, hasattr(c, 'z'))
print(getattr(c, 'z', 'dflt'))
setattr(c, 'z', 9)
print(c.z, vars(c))
