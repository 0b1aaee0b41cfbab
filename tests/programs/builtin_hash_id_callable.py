# hash (only compared), id (only compared), callable.
print(hash(5) == hash(5), hash(5) == hash(5.0), hash(True) == hash(1), hash((1, 2)) == hash((1, 2)))
print(hash(0) == hash(0.0) == hash(False), hash((1, 2)) == hash((2, 1)) or True)
print(hash(2 ** 100) == hash(2 ** 100), hash(-1) == hash(-1))
try:
    hash([1, 2])
except TypeError as e:
    print("TypeError:", e)
try:
    hash({})
except TypeError as e:
    print("TypeError:", e)
a = [1]
b = a
c = [1]
print(id(a) == id(b), id(a) == id(c), id(None) == id(None))
class K:
    def m(self):
        return 1
def f():
    pass
print(callable(f), callable(len), callable(K), callable(K()), callable(K().m), callable(1), callable("s"), callable(lambda: 0), callable(None))
count = 0
things = [f, 1, len, "x", K, [], lambda x: x, K().m, None, print]
for i in range(3000):
    if callable(things[i % 10]):
        count += 1
print("count", count)
seen = {}
for i in range(200):
    h = hash((i % 10, i % 3))
    seen[h] = seen.get(h, 0) + 1
print(len(seen), sorted(seen.values()))
