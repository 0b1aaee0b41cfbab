# len() and range() in many forms.
print(len([]), len([1, 2]), len("hello"), len((1,)), len({"a": 1}), len({1, 2, 3}), len(range(10)))
print(list(range(5)), list(range(2, 9)), list(range(0, 20, 3)), list(range(10, 0, -2)), list(range(5, 5)))
print(list(range(-5, 5, 4)), list(range(5, -6, -3)), list(range(0)))
print(len(range(0, 100, 7)), len(range(100, 0, -7)), len(range(3, 1)))
r = range(3, 30, 4)
print(r[0], r[-1], r[2], len(r))
total = 0
for i in range(10000):
    total += len(range(i % 50))
print("total", total)
print(len("é"), len("日本語"))
s = 0
for i in range(100, 0, -1):
    s += i
print(s)
print(list(range(2 ** 64, 2 ** 64 + 3)))
print(sum(range(1, 101)), max(range(7)), min(range(3, 9)))
