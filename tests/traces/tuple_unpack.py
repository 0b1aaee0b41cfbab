def f(pairs):
    t = 0
    for a, b in pairs:
        t = t + a * b
    return t


print(f([(i, i + 1) for i in range(100)]))
