def f(n):
    x = 0.0
    c = 0
    for i in range(n):
        x = x + 0.1
        if x > 2.5:
            x = x - 2.5
            c += 1
    return c


print(f(100))
