def f(n):
    x = 0.5
    t = 0.0
    for i in range(n):
        t = t + x * x - 0.25
        x = x * 1.001
    return t


print(round(f(100), 6))
