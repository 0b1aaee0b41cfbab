# sum() and abs().
print(sum([1, 2, 3]), sum([]), sum((1.5, 2.5)), sum(range(101)), sum([1, 2], 10))
print(sum([0.1] * 10), sum([[1], [2, 3]], []), sum([True, True, False]))
print(abs(-5), abs(5), abs(-2.5), abs(0), abs(-0.0), abs(-2 ** 100), abs(True))
total = 0
for i in range(-5000, 5000):
    total += abs(i)
print("abs total", total)
s = 0.0
for i in range(1000):
    s += abs(-i / 3)
print("float abs sum", s)
print(sum(i * i for i in range(1000)), sum(x / 2 for x in range(10)))
vals = [3, -7, 2, -1, 9]
print(sorted(vals, key=abs), max(vals, key=abs))
print(sum([2 ** 62, 2 ** 62, 2 ** 62]))
