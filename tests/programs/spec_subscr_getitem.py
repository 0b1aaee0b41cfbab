# BINARY_SUBSCR_GETITEM (decision 80): a class whose __getitem__ is a Python function, a
# subclass overriding it, one that raises, a rebinding of the method (the guard fails), a dict
# subclass, a generator __getitem__ and one with a default (neither specializes).
class G:
    def __init__(self, n):
        self.data = list(range(n))
    def _idx(self, x, y):
        if 0 <= x < 10 and 0 <= y < 10:
            return y * 10 + x
        raise IndexError
    def __getitem__(self, xy):
        (x, y) = xy
        return self.data[self._idx(x, y)]
class H(G):
    def __getitem__(self, i):
        if i == 77:
            raise KeyError(i)
        return i * 2
def f(g, h):
    t = 0
    for k in range(200):
        for y in range(10):
            for x in range(10):
                t += g[x, y] + h[x]
    return t
print(f(G(100), H(1)))
h = H(1)
try:
    for i in range(100):
        h[i]
except KeyError as e:
    print("KeyError", e)
g = G(100)
for i in range(50):
    try:
        g[20, i % 3]
    except IndexError:
        pass
print(g[3, 4])
G.__getitem__ = lambda self, xy: -1
print(g[3, 4], f(g, h))
class D(dict):
    def __getitem__(self, k):
        return dict.__getitem__(self, k) + 1
d = D(a=1)
print(sum(d["a"] for _ in range(100)))
class Gen:
    def __getitem__(self, i):
        yield i
print([list(Gen()[i]) for i in range(3)])
class Def:
    def __getitem__(self, i, j=5):
        return i + j
print(sum(Def()[i] for i in range(100)))
