import math

SCALE = 0.5


def f(n):
    t = 0.0
    for i in range(n):
        x = float(i) * SCALE
        t = t + math.sqrt(x) + abs(-x)
    return t


print(f(100))
