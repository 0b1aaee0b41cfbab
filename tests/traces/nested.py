def f(n):
    t = 0
    for i in range(n):
        for j in range(10):
            t += i * j
    return t


print(f(40))
