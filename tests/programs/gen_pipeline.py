# Generator pipelines and generator expressions chained together.
def source(n):
    for i in range(n):
        yield i
def square(it):
    for x in it:
        yield x * x
def only_odd(it):
    for x in it:
        if x % 2:
            yield x
def take(it, k):
    out = []
    for x in it:
        if len(out) >= k:
            break
        out.append(x)
    return out
print(take(only_odd(square(source(100))), 10))
print(sum(only_odd(square(source(10000)))))
def running_sum(it):
    s = 0
    for x in it:
        s += x
        yield s
print(list(running_sum(range(10))))
def chunked(xs, k):
    buf = []
    for x in xs:
        buf.append(x)
        if len(buf) == k:
            yield buf
            buf = []
    if buf:
        yield buf
print(list(chunked(range(11), 4)))
lines = ("line %d: %s" % (i, "x" * (i % 5)) for i in range(3000))
lens = (len(l) for l in lines)
print(sum(lens))
def words(text):
    for w in text.split():
        yield w.strip(".,").lower()
text = "The cat. The dog, the BIRD. A cat and a dog."
counts = {}
for w in words(text * 100):
    counts[w] = counts.get(w, 0) + 1
print(sorted(counts.items()))
def zip_gen(a, b):
    ia = iter(a)
    ib = iter(b)
    while True:
        x = next(ia, None)
        y = next(ib, None)
        if x is None or y is None:
            return
        yield x, y
print(list(zip_gen(source(4), "abcdef")))
def yield_from_like(gens):
    for g in gens:
        for v in g:
            yield v
print(list(yield_from_like([source(2), source(3), "xy"])))
