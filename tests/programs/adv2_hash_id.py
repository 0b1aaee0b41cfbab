print(hash(1) == hash(1.0) == hash(True), hash((1, 2)) == hash((1, 2)), hash((1, 2)) == hash((2, 1)))
print(hash(-1) == hash(-2), hash(2**64) == hash(2**64), hash(0.5) == hash(0.5), hash(()) == hash(()))
a = object()
b = object()
print(id(a) == id(a), id(a) == id(b), a is a, a is b, a == a, a != b)
x = [1]
y = x
print(id(x) == id(y), x is y, None is None)
try:
    hash([1])
except TypeError as e:
    print(e)
try:
    hash({})
except TypeError as e:
    print(e)
try:
    {[1]: 2}
except TypeError as e:
    print(e)
try:
    {1, 2, {3}}
except TypeError as e:
    print(e)
class H:
    def __init__(self, k):
        self.k = k
    def __hash__(self):
        return hash(self.k)
    def __eq__(self, o):
        return isinstance(o, H) and o.k == self.k
s = set()
for i in range(1000):
    s.add(H(i % 10))
print(len(s), H(3) in s, H(11) in s)
class NoHash:
    def __eq__(self, o):
        return True
try:
    hash(NoHash())
except TypeError as e:
    print(e)
print(hash(frozenset([1, 2])) == hash(frozenset([2, 1])), hash("abc") == hash("ab" + "c"))
print(type(5) is int, type(True) is bool, type(True) is int, isinstance(True, int), type(None).__name__, type(type).__name__)
class A: pass
class B(A): pass
class C: pass
objs = [A(), B(), C(), 1, "s"]
print([isinstance(o, (A, C)) for o in objs], [isinstance(o, (int, (str, B))) for o in objs], [type(o) is A for o in objs])
print(issubclass(B, A), issubclass(B, (C, A)), issubclass(bool, int), issubclass(A, object))
try:
    isinstance(1, 5)
except TypeError as e:
    print(e)
