# Mixing int and float; int/float comparisons; ** with negative exponents.
print(1 + 1.0, 3 * 0.5, 7 / 2, 7 // 2.0, 2 ** -1, 2 ** -3, 10 ** -2, (-2) ** -2, 4 ** 0.5, 8 ** (1 / 3))
print(1 == 1.0, 2 ** 53 == 2.0 ** 53, 2 ** 53 + 1 == 2.0 ** 53 + 1, 2 ** 53 + 1 == float(2 ** 53 + 1))
print(10 ** 20 == 1e20, 10 ** 22 == 1e22, 10 ** 23 == 1e23, 2 ** 100 < 1.3e30, 2 ** 100 > 1.2e30)
print(3 < 3.5 < 4, -1 < -0.5, 0 == -0.0, 1 < float("inf"), -(10 ** 400) < float("-inf"), 10 ** 400 > 1e308)
print(float("nan") == float("nan"), float("nan") < 1, 1 < float("nan"))
print(type(1 + 1.0).__name__, type(2 ** -1).__name__, type(2 ** 2).__name__, type(6 / 3).__name__, type(6 // 3).__name__)
acc = 0
for i in range(10000):
    if i % 2:
        acc += i
    else:
        acc += i * 0.5
print("acc", acc, type(acc).__name__)
mix = 0
for i in range(1, 3000):
    mix = mix + i / (i + 1) - i // (i + 1)
print("mix", mix)
cmp = 0
for i in range(5000):
    f = i * 0.25
    if i < f * 4.0 + 0.5 and i >= f:
        cmp += 1
    if i == f * 4:
        cmp += 1
print("cmp", cmp)
print(2 ** 1023 * 1.0, 2.0 ** -1074, 5e-324 / 2)
try:
    float(2 ** 1024)
except OverflowError as e:
    print("OverflowError:", e)
try:
    0 ** -1
except ZeroDivisionError as e:
    print("ZeroDivisionError:", e)
try:
    0.0 ** -1
except ZeroDivisionError as e:
    print("ZeroDivisionError:", e)
print(10 ** 30 / 10 ** 10, 2 ** 70 / 2, 7 ** 40 / 3 ** 40, (10 ** 30 + 1) / 3)
print(1e300 * 1e10, -1e300 * 1e10, 1 / 3 * 3 == 1, 0.1 * 3 == 0.3)
