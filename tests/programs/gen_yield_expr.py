# Generators with local state, nested generators, generators in classes, generator as iterator of dict.
class Tree:
    def __init__(self, val, left=None, right=None):
        self.val = val
        self.left = left
        self.right = right
    def walk(self):
        if self.left is not None:
            for v in self.left.walk():
                yield v
        yield self.val
        if self.right is not None:
            for v in self.right.walk():
                yield v
def build(lo, hi):
    if lo > hi:
        return None
    mid = (lo + hi) // 2
    return Tree(mid, build(lo, mid - 1), build(mid + 1, hi))
t = build(1, 200)
vals = list(t.walk())
print(len(vals), vals[:10], vals == list(range(1, 201)))
def items_gen(d):
    for k, v in d.items():
        yield k, v * 2
print(dict(items_gen({"a": 1, "b": 2})))
def interleave(a, b):
    ia, ib = iter(a), iter(b)
    while True:
        try:
            yield next(ia)
        except StopIteration:
            for x in ib:
                yield x
            return
        try:
            yield next(ib)
        except StopIteration:
            for x in ia:
                yield x
            return
print(list(interleave([1, 2, 3, 4], "ab")), list(interleave("x", [7, 8, 9])))
def accumulate_gen(xs):
    total = 0
    count = 0
    for x in xs:
        total += x
        count += 1
        yield total / count
avg = list(accumulate_gen(range(1, 2001)))
print(avg[:5], avg[-1])
def gen_with_exc(n):
    for i in range(n):
        try:
            if i % 3 == 0:
                raise ValueError(i)
            yield i
        except ValueError:
            yield -i
print(list(gen_with_exc(10)))
total = 0
for i in range(500):
    for v in gen_with_exc(6):
        total += v
print("total", total)
