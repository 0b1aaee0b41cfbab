# enumerate and zip.
print(list(enumerate("abc")), list(enumerate([10, 20], start=5)), list(enumerate([], 3)))
print(list(enumerate("xy", 1)))
print(list(zip([1, 2, 3], "abc")), list(zip(range(5), range(3))), list(zip()), list(zip([1])))
print(list(zip("ab", "cd", "ef")))
keys = ["a", "b", "c"]
vals = [1, 2, 3]
print(dict(zip(keys, vals)))
for i, (k, v) in enumerate(zip(keys, vals), start=1):
    print(i, k, v)
total = 0
for i, v in enumerate(range(100, 5100)):
    total += i * (v % 3)
print("total", total)
a = list(range(1000))
b = [x * x for x in a]
dot = 0
for x, y in zip(a, b):
    dot += x * y
print("dot", dot)
rows = [[1, 2, 3], [4, 5, 6]]
print(list(zip(*rows)))
e = enumerate("hi")
print(next(e), next(e), next(e, "done"))
