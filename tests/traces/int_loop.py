def f(n):
    t = 0
    for i in range(n):
        t = t + i * 3 - 1
    return t


print(f(100))
