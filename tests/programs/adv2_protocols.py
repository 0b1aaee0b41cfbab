class Seq:
    def __getitem__(self, i):
        if i >= 5:
            raise IndexError
        return i * i
print(list(Seq()), 9 in Seq(), 10 in Seq(), sum(Seq()))
class Idx:
    def __init__(self, v):
        self.v = v
    def __index__(self):
        return self.v
L = list(range(10))
print(L[Idx(3)], "abcdef"[Idx(-1)], hex(Idx(255)), range(Idx(4)), bin(Idx(5)))
class NI:
    def __eq__(self, o):
        return NotImplemented
    def __lt__(self, o):
        return NotImplemented
class Other:
    def __gt__(self, o):
        return "reflected gt"
    def __eq__(self, o):
        return "reflected eq"
print(NI() < Other(), NI() == Other(), NI() == NI() if False else "skip")
try:
    NI() < NI()
except TypeError as e:
    print("TE", e)
class BadBool:
    def __bool__(self):
        return 1
try:
    if BadBool():
        pass
except TypeError as e:
    print("TE", e)
class NegLen:
    def __len__(self):
        return -1
try:
    len(NegLen())
except ValueError as e:
    print("VE", e)
class Unh:
    __hash__ = None
try:
    hash(Unh())
except TypeError as e:
    print("TE", e)
class BadRepr:
    def __repr__(self):
        return 5
try:
    repr(BadRepr())
except TypeError as e:
    print("TE", e)
class Cnt:
    def __init__(self): self.n = 0
    def __iter__(self):
        return iter([3, 1, 2])
print(sorted(Cnt()), list(Cnt()), max(Cnt()), 2 in Cnt(), tuple(Cnt()), set(Cnt()) == {1, 2, 3})
class Num:
    def __init__(self, v): self.v = v
    def __int__(self): return int(self.v)
    def __float__(self): return float(self.v) + 0.5
    def __str__(self): return "Num"
print(int(Num(3.7)), float(Num(2)), str(Num(1)))
class Cmp2:
    def __init__(self, v): self.v = v
    def __eq__(self, o): return isinstance(o, Cmp2) and self.v == o.v
    def __hash__(self): return hash(self.v)
print(Cmp2(1) != Cmp2(1), Cmp2(1) != Cmp2(2), len({Cmp2(1), Cmp2(1), Cmp2(2)}), [Cmp2(1)].index(Cmp2(1)), [Cmp2(3)].count(Cmp2(3)))
