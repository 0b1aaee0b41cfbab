# Runtime errors raised deep inside hot loops after many iterations (caught and printed), then one uncaught error.
def level3(a, b, i):
    return a // b + i
def level2(a, b, i):
    return level3(a, b, i) * 2
def level1(a, b, i):
    return level2(a, b, i) + 1
total = 0
errors = []
for i in range(2000):
    d = (i % 100) - 50 if i > 1000 else 3
    try:
        total += level1(i, d, i)
    except ZeroDivisionError as e:
        errors.append((i, str(e)))
    if i % 250 == 0:
        print("zde", i, total, len(errors))
print("zde", total, errors)
# IndexError deep inside: the index walks past the end of a shrinking list
data = list(range(50))
got = 0
idx_errs = []
def fetch(xs, k):
    return xs[k]
def fetch_twice(xs, k):
    return fetch(xs, k) + fetch(xs, -k - 1)
for i in range(1500):
    k = i % 40
    try:
        got += fetch_twice(data, k)
    except IndexError as e:
        idx_errs.append(i)
        msg = str(e)
    if i % 100 == 99:
        data.pop()
        print("idx", i, got, len(data), len(idx_errs))
print("idx", got, len(idx_errs), idx_errs[:5], msg)
# KeyError from a dict whose keys are removed while the loop reads them
table = {}
for k in range(30):
    table["k%d" % k] = k * k
kerrs = 0
s = 0
first_missing = []
for i in range(1800):
    key = "k%d" % (i % 30)
    try:
        s += table[key]
    except KeyError as e:
        kerrs += 1
        if len(first_missing) < 5:
            first_missing.append(repr(e))
    if i % 60 == 59:
        del table["k%d" % ((i // 60) % 30)]
    if i % 300 == 0:
        print("key", i, s, kerrs, len(table))
print("key", s, kerrs, first_missing)
# exception raised from inside a nested loop, caught by the outer loop, which continues
def inner(n):
    t = 0
    for j in range(n):
        if j == 37 and n > 300:
            raise ValueError("bad j %d for n %d" % (j, n))
        t += j
    return t
res = []
for n in range(250, 350, 10):
    try:
        res.append(inner(n))
    except ValueError as e:
        res.append(str(e))
print("inner", res)
# try/except/finally inside the hot loop: finally counter must match iteration count
fin = 0
caught = 0
vals = [1, 2, 0, 4, "x", 5]
acc = 0
for i in range(1200):
    try:
        acc += 100 // vals[i % 6]
    except ZeroDivisionError:
        caught += 1
    except TypeError:
        caught += 10
    finally:
        fin += 1
print("finally", acc, caught, fin)
# finally the error nobody catches, raised after a long warm-up
def deep(x, depth):
    if depth == 0:
        return {"a": 1, "b": 2}[x]
    return deep(x, depth - 1)
keys = ["a", "b"]
sofar = 0
for i in range(3000):
    if i == 2500:
        keys.append("c")
    sofar += deep(keys[i % len(keys)], 5)
    if i % 500 == 0:
        print("deep", i, sofar)
print("unreachable", sofar)
