# reversed() and sorted() with key= and reverse=.
print(list(reversed([1, 2, 3])), list(reversed("abc")), list(reversed(range(5))), list(reversed((1, 2))))
print(sorted([3, 1, 2]), sorted("banana"), sorted([3, 1, 2], reverse=True), sorted((2.5, -1, 0)))
words = ["pear", "Apple", "fig", "banana", "kiwi", "date"]
print(sorted(words), sorted(words, key=len), sorted(words, key=lambda w: w.lower()))
print(sorted(words, key=len, reverse=True))
recs = [("bob", 25), ("alice", 30), ("carol", 25), ("dave", 30), ("eve", 22)]
print(sorted(recs, key=lambda r: r[1]))
print(sorted(recs, key=lambda r: (-r[1], r[0])))
print(sorted({3: "c", 1: "a", 2: "b"}), sorted({5, 1, 4}), sorted({"b": 1, "a": 2}.items()))
data = [(i * 7919) % 1009 for i in range(3000)]
s = sorted(data)
print(s[:10], s[-10:], s == sorted(data, reverse=True)[::-1])
r = list(reversed(s))
print(r[:5])
acc = 0
for x in reversed(range(2000)):
    acc = (acc * 3 + x) % 1000003
print("acc", acc)
print(sorted([[2, 1], [1, 2], [1, 1], [2]]))
print(sorted([1.5, 1, 2, 0.5, True]))
