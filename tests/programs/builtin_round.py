# round() with 1 and 2 args, banker's rounding.
for v in [0.5, 1.5, 2.5, 3.5, -0.5, -1.5, -2.5, 0.49999, 2.675, 1.005, 7, -7]:
    print(v, round(v), type(round(v)).__name__)
for v in [2.675, 1.005, 0.125, 0.375, 3.14159, -2.5, 1234.5678, 0.0]:
    print(v, round(v, 2), round(v, 1), round(v, 0), round(v, -1), round(v, 3))
print(round(12345, -2), round(12355, -1), round(-15, -1), round(25, -1), round(35, -1))
print(round(1e16), round(1.5e30, -29))
total = 0
ftotal = 0.0
for i in range(4000):
    x = i / 8
    total += round(x)
    ftotal += round(x, 1)
print("total", total, "ftotal", ftotal)
print(round(2 ** 70 + 0.0), round(0.1 + 0.2, 10), round(-0.4), round(-0.6))
