d = {-1: "a", -2: "b", 2**61 - 1: "c", 0: "d", 2**61: "e", 1: "f", -2**61 + 1: "g"}
print(d, d[-1], d[-2], d[2**61 - 1], d[0], len(d))
s = {-1, -2, 2**61 - 1, 0, 2**61, 1}
print(len(s), sorted(s))
keys = [i * 2**61 for i in range(-3, 4)] + [i * (2**61 - 1) for i in range(-3, 4)]
dd = {}
for k in keys:
    dd[k] = dd.get(k, 0) + 1
print(sorted(dd.items()))
class H:
    def __init__(self, v):
        self.v = v
    def __hash__(self):
        return 42
    def __eq__(self, o):
        return self.v == o.v
    def __repr__(self):
        return f"H{self.v}"
hs = {}
for i in range(200):
    hs[H(i % 50)] = i
print(len(hs), hs[H(7)], list(hs)[:5])
for i in range(0, 50, 2):
    del hs[H(i)]
print(len(hs), H(3) in hs, H(4) in hs, list(hs.values())[:5])
class BadHash:
    def __hash__(self):
        return 2**100
print(hash(BadHash()) == hash(2**100))
class NegHash:
    def __hash__(self):
        return -1
print(hash(NegHash()))
class FloatHash:
    def __hash__(self):
        return 1.5
try:
    hash(FloatHash())
except TypeError as e:
    print("TypeError", e)
