# Set operators and methods with small ints.
a = {1, 2, 3, 4, 5}
b = {4, 5, 6, 7}
print(a | b, a & b, a - b, b - a, a ^ b)
print(a.union(b), a.intersection(b), a.difference(b), a.symmetric_difference(b))
print(a.union([10, 11], (12,)), a.intersection(range(3)), {1, 2}.issubset(a), a.issuperset({1, 2}), a.issubset(b))
s = set()
s.add(3)
s.add(3)
s.add(1)
print(s, len(s))
s.remove(3)
s.discard(99)
s.discard(1)
print(s)
try:
    s.remove(42)
except KeyError as e:
    print("KeyError:", e)
one = {7}
print(one.pop(), one)
try:
    one.pop()
except KeyError as e:
    print("KeyError:", e)
c = a.copy()
c.update({100, 101}, [102])
print(sorted(c), a)
c.clear()
print(c, set())
print({1, 2} == {2, 1}, {1} != {1.0}, 1 in {1.0}, {True, 1, 1.0})
seen = set()
dups = 0
for i in range(10000):
    v = (i * 37) % 2003
    if v in seen:
        dups += 1
    else:
        seen.add(v)
print(len(seen), dups)
evens = {x for x in range(50) if x % 2 == 0}
threes = {x for x in range(50) if x % 3 == 0}
print(sorted(evens & threes), len(evens | threes), sorted(evens ^ threes)[:10])
words = "a b c a b d e a".split()
print(sorted(set(words)), len(set(words)))
x = {1, 2}
x |= {3}
x &= {2, 3, 4}
x -= {9}
x ^= {5}
print(x)
