def f(n):
    t = 0
    for i in range(n):
        if i < 1000:
            t += 1
        else:
            t -= 1
    return t


print(f(100))
