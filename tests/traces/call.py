def sq(x):
    return x * x


def f(n):
    t = 0
    for i in range(n):
        t += sq(i)
    return t


print(f(100))
