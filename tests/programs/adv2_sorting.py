recs = [(i % 7, -i, "n%d" % (i % 13)) for i in range(300)]
a = sorted(recs, key=lambda r: r[0])
print(a[:5], a[-3:])
b = sorted(recs, key=lambda r: (r[2], r[0]), reverse=True)
print(b[:4])
c = sorted(recs, key=lambda r: r[0], reverse=True)
print(c[:5])
names = ["bob", "Alice", "carol", "Dave", "eve", "alice", "Bob"]
print(sorted(names), sorted(names, key=str.lower), sorted(names, key=len, reverse=True))
l = list(range(20))
l.sort(key=lambda x: x % 3)
print(l)
l.sort(key=lambda x: -x)
print(l)
l.reverse()
print(l[:5])
try:
    sorted([(1, None), (1, 2)])
except TypeError as e:
    print("TypeError", e)
try:
    sorted([3, "a", 1])
except TypeError as e:
    print("TypeError", e)
try:
    sorted([None, None, 1])
except TypeError as e:
    print("TypeError", e)
print(sorted([(1, None), (0, None)]), sorted([[2, 1], [1, 5], [1, 2, 3]]), sorted("hello"))
class V:
    def __init__(self, v):
        self.v = v
    def __lt__(self, o):
        return self.v < o.v
    def __repr__(self):
        return "V(%r)" % self.v
print(sorted([V(3), V(1), V(2)]), max([V(3), V(5), V(1)]), min(V(4), V(2)))
print(sorted([3, 1, 2], key=None), sorted({"b": 1, "a": 2}), list(reversed([1, 2, 3])), sorted(range(10), key=lambda x: (x % 2, -x)))
big = [(i * 7919) % 10007 for i in range(30000)]
big.sort()
print(big[:5], big[-5:], big[15000])
print(max(["a", "bb", "c"], key=len), min([], default="empty"), max(1, 2, key=lambda x: -x))
ll = [5, 3, 8]
ll.sort(reverse=True)
print(ll, sorted([1.5, -2, 3], key=abs))
