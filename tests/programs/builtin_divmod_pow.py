# divmod() and pow() with 2 and 3 args.
for a in [17, -17, 0, 100]:
    for b in [5, -5, 3]:
        print(a, b, divmod(a, b))
print(divmod(7.5, 2), divmod(-7.5, 2), divmod(7, 0.5), divmod(2 ** 80, 12345))
print(pow(2, 10), pow(2, -1), pow(2.0, 0.5), pow(-8, 3), pow(10, 20), pow(0, 0))
print(pow(3, 200, 1000007), pow(2, 1000, 97), pow(5, 0, 7), pow(7, 13, 1))
print(pow(-3, 3, 10), pow(3, -1, 7))
try:
    divmod(1, 0)
except ZeroDivisionError as e:
    print("ZeroDivisionError:", e)
try:
    pow(0, -1)
except ZeroDivisionError as e:
    print("ZeroDivisionError:", e)
acc = 0
for i in range(1, 3000):
    q, r = divmod(i * 7919, i % 97 + 1)
    acc += q + r
    acc = pow(acc, 2, 1000000007)
print("acc", acc)
x = 1
for i in range(100):
    x = pow(x * 3 + i, 3, 2 ** 61 - 1)
print("x", x)
