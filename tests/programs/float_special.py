# inf, nan, negative zero and their arithmetic.
inf = float("inf")
nan = float("nan")
print(inf + 1, inf * -1, inf - inf, inf * 0, 1 / inf, -1 / inf, inf / inf, nan + 1, nan * 0)
print(inf > 1e308, -inf < -1e308, inf == inf, nan == nan, nan != nan)
print(max(1, inf), min(-inf, 0), abs(-inf), -(-inf))
z = -0.0
print(z, -z, z == 0.0, z + 0.0, z * 1, 0.0 * -1, -0.0 + -0.0, z - 0.0, abs(z), repr(z), str(z))
print(round(-0.4), round(-0.4, 1), -0.0 // 1, 0.0 // -1, -1e-320 * 1e-10)
print(1e308 * 10, -1e308 * 10, 1e-320, 1e-320 / 1e10, 2.5e-324, 5e-324 * 0.5)
try:
    1 / 0.0
except ZeroDivisionError as e:
    print("ZeroDivisionError:", e)
try:
    1.0 % 0.0
except ZeroDivisionError as e:
    print("ZeroDivisionError:", e)
try:
    int(inf)
except OverflowError as e:
    print("OverflowError:", e)
try:
    int(nan)
except ValueError as e:
    print("ValueError:", e)
n_nan = 0
n_inf = 0
x = 1.0
for i in range(3000):
    x = x * 1.5 if i % 2 else x * 2.0
    if x == inf:
        n_inf += 1
    y = x - x
    if y != y:
        n_nan += 1
print(n_inf, n_nan, x)
print(sorted([3.0, -0.0, 0.0, -inf, inf, 1.5]))
