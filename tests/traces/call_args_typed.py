def scale(x, k):
    return x * k + k


def f(n):
    t = 0.0
    for i in range(n):
        t = scale(t, 0.5)
    return t


print(f(100))
