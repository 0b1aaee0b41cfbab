K = 3
M = 5


def f(n):
    t = 0
    for i in range(n):
        t = t + K * i + M + K
    return t


print(f(100))
