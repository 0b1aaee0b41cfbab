a = {1, 2, 3, 4, 5}
print(a.union([6], (7,), range(8, 10)), a.intersection({1, 2, 3}, [2, 3, 4]), a.difference([1], {2}), a.symmetric_difference(range(3, 8)))
b = set(a)
b.update([10, 11], {12})
b.intersection_update(range(4, 12))
print(b)
b.difference_update({4, 5})
b.symmetric_difference_update({10, 99})
print(b, b.pop() in {11, 99, 12}, len(b))
print({-1, -2, -3, 0, 1}, {2**61 - 1, 2**61, 2**62, 5}, {1.5, 2.5, 0.5, -0.5}, {(1, 2), (2, 1), (0, 0)}, {None} if False else "")
print({10, 20, 30, 40, 50, 60, 70, 80, 90, 100}, set(range(100, 0, -7)), {i * 1000003 for i in range(8)})
fs = frozenset([3, 1, 2])
print(fs, fs | {4}, {4} | fs, fs & {1, 9}, type(fs | {4}).__name__, type({4} | fs).__name__, frozenset() == set(), fs == {1, 2, 3})
print({fs: "v"}[frozenset({1, 2, 3})], hash(frozenset()) == hash(frozenset()), frozenset({1}) in {frozenset({1})})
print({1, 2} < {1, 2, 3}, {1, 2} <= {1, 2}, {1, 2} > {1}, {1, 2} >= {3}, {1}.issubset([1, 2]), {1, 2}.issuperset([1]))
s = set()
for i in range(1000):
    s ^= {i % 37}
print(sorted(s), len(s))
s2 = {x for x in range(-10, 10) if x % 3 == 0}
print(s2, sorted(s2, key=abs), min(s2), max(s2), sum(s2))
c = {1, 2, 3}
c.clear()
print(c, set(), len(c), bool(c), repr(frozenset()), {True, 1, 1.0}, {0, False, 0.0, -0.0})
big = set(range(0, 1000, 3)) - set(range(0, 1000, 5))
print(len(big), sorted(big)[:10], 999 in big, 15 in big)
try:
    {[1]}
except TypeError as e:
    print("TypeError", e)
try:
    fs.add(1)
except AttributeError as e:
    print("AttributeError", e)
print({1, 2, 3} - {2}, {3, 2, 1} == {1, 2, 3}, list({5: 1, 3: 2}.keys() if False else {5, 3}))
