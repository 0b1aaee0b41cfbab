def f(n):
    t = 1.0
    for i in range(n):
        t = (t * 0.5 + 2.0) * 1.5 - 0.75
    return t


print(round(f(100), 6))
