class Dyn:
    def __init__(self):
        self.real = 1
    def __getattr__(self, name):
        if name.startswith("x"):
            return name * 2
        raise AttributeError(name)
d = Dyn()
print(d.real, d.xy, getattr(d, "xz", None), getattr(d, "nope", "dflt"), hasattr(d, "q"), hasattr(d, "xq"))
class Rec:
    def __init__(self):
        object.__setattr__(self, "log", [])
    def __setattr__(self, k, v):
        self.log.append(k)
        object.__setattr__(self, k, v)
r = Rec()
r.a = 1
r.b = 2
r.a = 3
print(r.log, r.a)
class Ctr:
    def __init__(self):
        self.n = 0
    def __iadd__(self, k):
        self.n += k
        return self
    def __repr__(self):
        return f"Ctr({self.n})"
c = Ctr()
c2 = c
for i in range(100):
    c += i
print(c, c is c2)
class M:
    def __init__(self, v):
        self.v = v
    def __mod__(self, o):
        return M(self.v % o)
    def __floordiv__(self, o):
        return M(self.v // o)
    def __pow__(self, o):
        return M(self.v ** o)
    def __truediv__(self, o):
        return M(self.v / o)
    def __and__(self, o):
        return M(self.v & o)
    def __or__(self, o):
        return M(self.v | o)
    def __lshift__(self, o):
        return M(self.v << o)
    def __invert__(self):
        return M(~self.v)
    def __pos__(self):
        return M(+self.v)
    def __getitem__(self, k):
        return (k, self.v)
    def __setitem__(self, k, val):
        self.v = (k, val)
    def __delitem__(self, k):
        self.v = "deleted " + str(k)
    def __repr__(self):
        return f"M({self.v!r})"
m = M(17)
print(m % 5, m // 5, m ** 2, m / 2, m & 3, m | 8, m << 2, ~m, +m, m[1:3], m["k"], m[1, 2])
m[0] = "x"
print(m)
del m[5]
print(m)
class Idx:
    def __index__(self):
        return 2
print([10, 20, 30][Idx()], "abcd"[Idx()], range(10)[Idx()], bin(Idx()), hex(Idx()))
class F:
    def __float__(self):
        return 2.5
    def __int__(self):
        return 7
print(float(F()), int(F()))
class S:
    def __str__(self):
        return "S-str"
print(str(S()), f"{S()}", "%s" % S(), [str(S())], "{}".format(S()))
