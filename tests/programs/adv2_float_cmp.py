big = 2**53
print(big == float(big), big + 1 == float(big + 1), float(big + 1) == big)
print(big + 1 > float(big), big + 1 < float(big) + 2, float(big) + 1.0 == float(big))
for d in range(-3, 4):
    n = big + d
    f = float(n)
    print(d, n == f, n < f, n > f, n <= f, f < n, int(f) - n)
print(10**400 > 1e308, -10**400 < -1e308, 10**400 > float('inf'), 10**400 == float('inf'))
print(1 == 1.0, hash(1) == hash(1.0), 0.1 + 0.2 == 0.3, (0.1 + 0.2) - 0.3 < 1e-15)
nan = float('nan')
print(nan == nan, nan != nan, nan < 1, [nan] == [nan], nan in [nan])
print(max(1, 1.0), max(1.0, 1), min(2, 2.0, 2), sorted([3, 1.5, 2, True, 0.0, -1]))
print(2**1000 > 1e300, 2**1024 > 1.7976931348623157e308, (2**53 + 1) * 1.0)
cnt = 0
x = 0
for i in range(40000):
    if i == 20000:
        x = float(x)
    x += 0.5 if i % 2 else 1
    if x > 15000:
        cnt += 1
print(x, cnt)
print(int(2.5), int(-2.5), 7 // 2.0, -7 // 2.0, 7 % -2.5, -7.5 % 2, divmod(-7.5, 2), 5.0 // 0.3)
try:
    1 % 0.0
except ZeroDivisionError as e:
    print(e)
try:
    1 // 0
except ZeroDivisionError as e:
    print(e)
try:
    1.0 / 0
except ZeroDivisionError as e:
    print(e)
print(float('inf') - float('inf'), -0.0, 0.0 == -0.0, str(-0.0), abs(-0.0), round(-0.4))
print(1e16, 1e15, 123456789012345678.0, 1.5e-5, 0.0001, 1e-4 * 10, 2.0**0.5, 1/3)
