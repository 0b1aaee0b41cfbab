def f(n):
    i = 0
    t = 0
    while i < n:
        t += i
        i += 1
    return t


print(f(100))
