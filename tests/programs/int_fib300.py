# Fibonacci to 300 with iterative loops, sums and checks.
a, b = 0, 1
fibs = [a]
for i in range(300):
    a, b = b, a + b
    fibs.append(a)
print(fibs[92], fibs[93], fibs[94])
print(fibs[300])
print(len(str(fibs[300])))
print(sum(fibs), sum(fibs) == fibs[300] + fibs[299] + fibs[300] - 1)
ok = True
for n in range(2, 299):
    if fibs[n] * fibs[n] - fibs[n - 1] * fibs[n + 1] != (-1) ** (n - 1):
        ok = False
print("cassini", ok)
evens = 0
for f in fibs:
    if f % 2 == 0:
        evens += 1
print("evens", evens)
print([f % 1000 for f in fibs[-10:]])
total = 0
for rep in range(30):
    x, y = 0, 1
    for i in range(300):
        x, y = y, x + y
    total += x % 1000003
print("total", total)
print(fibs[300] // fibs[299], fibs[300] / fibs[299])
