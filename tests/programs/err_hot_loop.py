# Exception raised inside a hot loop after 5000 iterations escapes.
total = 0
data = {}
for i in range(10000):
    data[i % 100] = i
    total += i * 2
    if i % 1000 == 0:
        print("progress", i, total)
    if i == 5000:
        raise RuntimeError("failed at iteration %d with total %d" % (i, total))
print("never")
