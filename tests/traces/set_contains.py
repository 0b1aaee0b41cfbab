def f(n):
    s = {1, 3, 5, 7}
    t = 0
    for i in range(n):
        if i in s:
            t += i
    return t


print(f(100))
