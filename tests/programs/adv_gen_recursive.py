class Tree:
    def __init__(self, v, l=None, r=None):
        self.v, self.l, self.r = v, l, r
def build(lo, hi):
    if lo > hi:
        return None
    mid = (lo + hi) // 2
    return Tree(mid, build(lo, mid - 1), build(mid + 1, hi))
def inorder(t):
    if t:
        yield from inorder(t.l)
        yield t.v
        yield from inorder(t.r)
def preorder(t):
    if t is None:
        return
    yield t.v
    for x in preorder(t.l):
        yield x
    for x in preorder(t.r):
        yield x
t = build(1, 200)
print(list(inorder(t)) == list(range(1, 201)), list(preorder(t))[:10], sum(inorder(t)))
def perms(items):
    if not items:
        yield []
        return
    for i in range(len(items)):
        for rest in perms(items[:i] + items[i + 1:]):
            yield [items[i]] + rest
print(sum(1 for _ in perms(list(range(6)))), next(perms([3, 1, 2])))
def subsets(s):
    if not s:
        yield ()
    else:
        for sub in subsets(s[1:]):
            yield sub
            yield (s[0],) + sub
print(sorted(subsets((1, 2, 3))))
def acc_gen():
    total = 0
    while True:
        v = yield total
        if v is None:
            return total
        total += v
def driver():
    r = yield from acc_gen()
    yield "final", r
d = driver()
next(d)
for i in range(1, 5):
    last = d.send(i)
print(last, d.send(None))
def primes():
    found = []
    n = 2
    while True:
        if all(n % p for p in found if p * p <= n):
            found.append(n)
            yield n
        n += 1
pg = primes()
print([next(pg) for _ in range(20)])
def take(n, it):
    for i, x in enumerate(it):
        if i >= n:
            return
        yield x
def naturals():
    n = 0
    while True:
        yield n
        n += 1
print(list(take(5, (x * x for x in naturals() if x % 3 == 0))))
def chunks(l, n):
    for i in range(0, len(l), n):
        yield l[i:i + n]
print(list(chunks(list(range(10)), 3)))
def flatten(x):
    for e in x:
        if isinstance(e, (list, tuple)):
            yield from flatten(e)
        else:
            yield e
print(list(flatten([1, (2, [3, [4, (5,)]]), [], 6])))
g = (1 / x for x in [1, 2, 0, 4])
res = []
try:
    for v in g:
        res.append(v)
except ZeroDivisionError:
    res.append("zde")
print(res, list(g))
def gen_state():
    yield 1
gs = gen_state()
print(list(gs), list(gs), next(gs, "done"))
