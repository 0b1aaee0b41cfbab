# Uncaught ZeroDivisionError after some output.
def ratio(a, b):
    return a / b
total = 0.0
for i in range(1, 2000):
    total += ratio(i, i % 50 + 1)
print("total", total)
vals = [5, 4, 3, 2, 1, 0]
for v in vals:
    print(v, 60 / v)
