people = [("alice", 30, 5.5), ("bob", 25, 6.1), ("carol", 30, 5.2), ("dave", 25, 5.9), ("eve", 35, 5.5)]
print(sorted(people, key=lambda p: p[1]))
print(sorted(people, key=lambda p: (-p[1], p[0])))
print(sorted(people, key=lambda p: p[2], reverse=True))
print(min(people, key=lambda p: p[2]), max(people, key=lambda p: (p[1], p[2])))
print(sorted("banana Apple cherry date".split(), key=str.lower))
print(sorted("banana Apple cherry date".split(), key=len))
print(sorted([3, -1, -4, 2, 0], key=abs), sorted([3, -1, -4, 2, 0], key=lambda x: -x))
l = [5, 3, 8, 1]
l.sort(key=lambda x: x % 3)
print(l)
print(sorted([[2, 1], [1, 2], [1, 1, 0], [2]]), sorted(["b", "A", "a", "B"]), sorted([True, False, 0, 1, -1]))
words = ["aa", "b", "ccc", "dd", "e"]
print(sorted(words, key=len), sorted(words, key=len, reverse=True))
print(max([], default=None), min([1], default=0), max(3, 1, 4, key=lambda x: -x), min("hello"), max("abc", "abd", key=lambda s: s[-1]))
print(list(map(lambda x, y: x * y, [1, 2, 3], [4, 5, 6])), list(filter(lambda x: x % 2, range(10))), list(filter(None, [0, 1, "", "a", None, []])))
print(sum([1, 2, 3], 10), sum([0.5, 0.25]), sum([[1], [2]], []), sum(range(101)))
print(any(x > 5 for x in range(10)), all(x < 10 for x in range(10)), any([]), all([]))
print(list(enumerate("abc", 1)), list(zip("abc", range(5))), list(reversed(range(5))), list(reversed([1, 2, 3])))
data = list(range(20))
print(sorted(data, key=lambda x: (x % 4, -x))[:8])
try:
    sorted([1, "a"])
except TypeError as e:
    print("TypeError", e)
try:
    max([])
except ValueError as e:
    print("ValueError", e)
class Item:
    def __init__(self, n, p):
        self.n, self.p = n, p
    def __repr__(self):
        return self.n
items = [Item("x", 3), Item("y", 1), Item("z", 2)]
print(sorted(items, key=lambda i: i.p), max(items, key=lambda i: i.p))
stable = sorted([(1, 'b'), (0, 'a'), (1, 'a'), (0, 'b')], key=lambda t: t[0])
print(stable)
