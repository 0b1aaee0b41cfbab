class Key:
    def __init__(self, k):
        self.k = k
    def __eq__(self, o):
        return isinstance(o, Key) and self.k.lower() == o.k.lower()
    def __hash__(self):
        return hash(self.k.lower())
    def __repr__(self):
        return "Key(%r)" % self.k
d = {}
for name in ["Abc", "abc", "ABC", "x", "X", "y"]:
    d[Key(name)] = d.get(Key(name), 0) + 1
print(sorted((k.k, v) for k, v in d.items()))
print(Key("ABC") in d, Key("zz") in d, len(set([Key("a"), Key("A")])))
class NoHash:
    def __eq__(self, o):
        return True
try:
    {NoHash(): 1}
except TypeError as e:
    print("TypeError", e)
print(NoHash() == 5, 5 == NoHash(), NoHash() != 3)
class Cmp:
    def __init__(self, v):
        self.v = v
    def __lt__(self, o):
        return self.v < o.v
    def __le__(self, o):
        return self.v <= o.v
    def __gt__(self, o):
        return self.v > o.v
    def __ge__(self, o):
        return self.v >= o.v
    def __repr__(self):
        return f"C{self.v}"
cs = [Cmp(i * 37 % 11) for i in range(11)]
print(sorted(cs), max(cs), min(cs), Cmp(1) < Cmp(2) <= Cmp(2) > Cmp(0) >= Cmp(0))
class OnlyLt:
    def __init__(self, v):
        self.v = v
    def __lt__(self, o):
        return self.v < o.v
print(OnlyLt(2) > OnlyLt(1), OnlyLt(1) > OnlyLt(2))
try:
    OnlyLt(1) <= OnlyLt(2)
except TypeError as e:
    print("TypeError", e)
class NE:
    def __eq__(self, o):
        return "truthy"
print(NE() == 1, NE() != 1)
class NotImpl:
    def __eq__(self, o):
        return NotImplemented
print(NotImpl() == NotImpl(), NotImpl() == 1)
class AddNI:
    def __add__(self, o):
        return NotImplemented
class RAdd:
    def __radd__(self, o):
        return "radd!"
print(AddNI() + RAdd())
try:
    AddNI() + 1
except TypeError as e:
    print("TypeError", e)
print(hash(1) == hash(1.0) == hash(True), hash((1, 2)) == hash((1, 2)), hash("a") == hash("a"))
try:
    hash([1])
except TypeError as e:
    print("TypeError", e)
