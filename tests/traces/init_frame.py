class V:
    def __init__(self, a):
        self.a = a


def f(n):
    t = 0
    for i in range(n):
        v = V(i)
        t += v.a
    return t


print(f(100))
