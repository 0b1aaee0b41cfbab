# The shipped copy module: shallow and deep copies, the memo (shared and cyclic structures),
# __copy__/__deepcopy__/__reduce__/__setstate__, and a hot loop of deep copies.
import copy
class P:
    def __init__(self, x, y):
        self.x = x
        self.y = y
    def __repr__(self):
        return "P(%r, %r)" % (self.x, self.y)
class R:
    def __init__(self):
        self.a = 1
        self.b = [2]
    def __reduce__(self):
        return (R, (), self.__dict__)
    def __setstate__(self, state):
        self.__dict__.update(state)
        self.restored = True
class D:
    def __init__(self, v):
        self.v = v
    def __deepcopy__(self, memo):
        return D(self.v * 2)
    def __copy__(self):
        return D(-self.v)
shared = [1, 2]
data = {"a": (shared, shared), "b": [shared] * 3, "p": P([1], {"k": shared}), "t": (1, "x", None), "s": {1, 2}, "f": frozenset([3])}
dc = copy.deepcopy(data)
print(dc, dc == data, dc is data, dc["a"][0] is dc["a"][1], dc["a"][0] is shared, dc["b"][0] is dc["a"][0])
print(dc["t"] is data["t"], dc["p"].y["k"] is dc["a"][0])
sc = copy.copy(data)
print(sc is data, sc["a"] is data["a"], copy.copy(shared) is shared, copy.copy(shared) == shared)
cyc = [1]
cyc.append(cyc)
cc = copy.deepcopy(cyc)
print(cc[1] is cc, cc[0])
r = copy.deepcopy(R())
print(r.a, r.b, r.restored)
print(copy.deepcopy(D(3)).v, copy.copy(D(3)).v, copy.copy(P(1, 2)), copy.deepcopy(P, {}) is P)
memo = {}
x = [shared]
y = copy.deepcopy(x, memo)
print(y, id(shared) in memo)
total = 0
for i in range(500):
    c = copy.deepcopy({"l": [i, [i]], "t": (i, [i])})
    total += c["l"][1][0] + c["t"][1][0]
print(total)
