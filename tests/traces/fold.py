DEBUG = False
SIZE = 12


def f(n):
    t = 0
    for i in range(n):
        if DEBUG:
            print(i)
        if SIZE * 2 > 20:
            t = t + i
    return t


print(f(100))
