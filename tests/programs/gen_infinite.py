# Infinite generators consumed lazily; fibonacci and primes generators.
def naturals():
    n = 0
    while True:
        yield n
        n += 1
def fib():
    a, b = 0, 1
    while True:
        yield a
        a, b = b, a + b
def primes():
    found = []
    for n in naturals():
        if n < 2:
            continue
        ok = True
        for p in found:
            if p * p > n:
                break
            if n % p == 0:
                ok = False
                break
        if ok:
            found.append(n)
            yield n
f = fib()
fl = [next(f) for _ in range(300)]
print(fl[:15])
print(fl[299])
print(fl[100] * fl[200] // fl[150])
p = primes()
ps = [next(p) for _ in range(1000)]
print(ps[:10], ps[-1], sum(ps))
for i, n in enumerate(naturals()):
    if n * n > 5000:
        print("first square over 5000:", n, i)
        break
def cycle(xs):
    while True:
        for x in xs:
            yield x
c = cycle("abc")
print("".join(next(c) for _ in range(10)))
gens = [naturals() for _ in range(3)]
for k in range(100):
    for g in gens[:k % 3 + 1]:
        next(g)
print([next(g) for g in gens])
