# __str__ and __repr__.
class P:
    def __init__(self, x, y):
        self.x = x
        self.y = y
    def __repr__(self):
        return "P(%r, %r)" % (self.x, self.y)
class Named:
    def __init__(self, n):
        self.n = n
    def __str__(self):
        return "Named<" + self.n + ">"
    def __repr__(self):
        return "Named(" + repr(self.n) + ")"
p = P(1, "a")
print(p, str(p), repr(p), [p, p], (p,), {"k": p})
n = Named("bob")
print(n, str(n), repr(n), [n], "%s|%r" % (n, n), f"{n} {n!r}")
pts = [P(i, i * 0.5) for i in range(5)]
print(pts)
total = 0
for i in range(2000):
    total += len(str(P(i, -i)))
print("total", total)
class OnlyStr:
    def __str__(self):
        return "only-str"
o = OnlyStr()
print(o, str(o), "{}".format(o))
