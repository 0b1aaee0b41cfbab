# min() and max() with iterables, multiple args, key= and default=.
print(min(3, 1, 2), max(3, 1, 2), min([5, 4, 9]), max((5, 4, 9)))
print(min("hello"), max("hello"), min(["b", "a", "c"]), max("apple", "pear", "fig"))
print(max([1.5, 2, -3]), min(2, 2.0), max(2.0, 2), min(-0.0, 0))
words = ["kiwi", "banana", "fig", "cherry", "apple"]
print(max(words, key=len), min(words, key=len), max(words, key=lambda w: w[-1]))
print(min([], default="empty"), max([], default=None), max([3], default=0))
print(min(words, key=lambda w: (len(w), w)))
pairs = [(1, "z"), (3, "a"), (2, "m"), (3, "b")]
print(max(pairs), min(pairs), max(pairs, key=lambda p: p[1]))
print(max({3: "a", 7: "b", 5: "c"}), min({2, 9, -4}))
try:
    max([])
except ValueError as e:
    print("ValueError:", e)
lo = 10 ** 9
hi = -lo
for i in range(5000):
    v = (i * 7919) % 10007 - 5000
    lo = min(lo, v)
    hi = max(hi, v)
print(lo, hi)
best = max(range(1000), key=lambda n: (n * 37) % 101)
print("best", best)
print(max(2 ** 100, 2 ** 99 * 3), min(-2 ** 80, 5))
