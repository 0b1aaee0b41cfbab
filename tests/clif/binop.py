class Money:
    def __init__(self, c):
        self.c = c

    def __add__(self, o):
        return self.c + o


def f(m, n):
    t = 0
    for i in range(n):
        t += m + i
    return t


print(f(Money(3), 100))
