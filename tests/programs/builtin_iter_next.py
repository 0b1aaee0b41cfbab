# iter() and next() including default.
it = iter([1, 2, 3])
print(next(it), next(it), next(it), next(it, "end"), next(it, None))
try:
    next(it)
except StopIteration as e:
    print("StopIteration", e.args)
s = iter("ab")
print(next(s), next(s), next(s, "-"))
d = iter({"x": 1, "y": 2})
print(next(d), next(d))
r = iter(range(10, 13))
print(list(r), list(r))
it = iter(range(100))
pairs = []
for a in it:
    b = next(it, None)
    pairs.append((a, b))
print(pairs[:5], len(pairs))
total = 0
for i in range(2000):
    it2 = iter((i, i + 1, i + 2))
    total += next(it2) + next(it2)
print("total", total)
it3 = iter([5, 6])
print(iter(it3) is it3, list(it3))
z = zip([1, 2], [3, 4])
print(next(z), next(z), next(z, "zdone"))
m = map(lambda x: x * 10, [1, 2, 3])
print(next(m), list(m))
