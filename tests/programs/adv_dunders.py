class V:
    def __init__(self, x, y):
        self.x, self.y = x, y
    def __add__(self, o):
        if isinstance(o, V):
            return V(self.x + o.x, self.y + o.y)
        return V(self.x + o, self.y + o)
    def __radd__(self, o):
        return V(self.x + o, self.y + o)
    def __sub__(self, o):
        return V(self.x - o.x, self.y - o.y)
    def __mul__(self, k):
        return V(self.x * k, self.y * k)
    __rmul__ = __mul__
    def __neg__(self):
        return V(-self.x, -self.y)
    def __eq__(self, o):
        return isinstance(o, V) and self.x == o.x and self.y == o.y
    def __hash__(self):
        return hash((self.x, self.y))
    def __lt__(self, o):
        return (self.x, self.y) < (o.x, o.y)
    def __repr__(self):
        return f"V({self.x}, {self.y})"
    def __str__(self):
        return f"<{self.x},{self.y}>"
    def __bool__(self):
        return bool(self.x or self.y)
    def __len__(self):
        return 2
    def __abs__(self):
        return (self.x ** 2 + self.y ** 2) ** 0.5
vs = [V(3, 1), V(1, 2), V(1, 1), V(2, 5)]
print(sorted(vs), min(vs), max(vs))
print(str(V(1, 2)), repr(V(1, 2)), [V(0, 0)], f"{V(5, 6)}", f"{V(5, 6)!r}")
print(V(1, 2) + V(3, 4), V(1, 2) + 1, 1 + V(1, 2), sum(vs, V(0, 0)), 3 * V(1, 1), V(1, 1) * 3, -V(1, 2))
print(V(1, 2) == V(1, 2), V(1, 2) != V(1, 3), V(1, 2) in vs, V(9, 9) in vs)
print(len({V(1, 2), V(1, 2), V(2, 1)}), bool(V(0, 0)), bool(V(0, 1)), abs(V(3, 4)), len(V(0, 0)))
d = {V(1, 1): "a"}
print(d[V(1, 1)])
print(sorted(vs, reverse=True), V(1, 1) > V(0, 5), V(1, 1) <= V(1, 1) if hasattr(V, '__le__') else None)
acc = V(0, 0)
for i in range(5000):
    acc = acc + V(i, 1)
print(acc)
class Seq:
    def __init__(self, n):
        self.n = n
    def __getitem__(self, i):
        if i >= self.n:
            raise IndexError(i)
        return i * i
    def __len__(self):
        return self.n
print(list(Seq(5)), 16 in Seq(5), len(Seq(7)), [x for x in Seq(3)])
class Rng:
    def __init__(self, n):
        self.n = n
    def __iter__(self):
        self.i = 0
        return self
    def __next__(self):
        if self.i >= self.n:
            raise StopIteration
        self.i += 1
        return self.i
    def __contains__(self, v):
        return v == 42
print(list(Rng(4)), sum(Rng(100)), 42 in Rng(1), 3 in Rng(10))
class Fn:
    def __init__(self):
        self.calls = 0
    def __call__(self, *a):
        self.calls += 1
        return sum(a)
fn = Fn()
print(fn(1, 2, 3), [fn(i) for i in range(3)], fn.calls, callable(fn), callable(3))
class NoEq:
    pass
a = NoEq()
print(a == a, a != a, a == NoEq(), a is a)
