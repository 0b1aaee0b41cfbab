class Acc:
    def __init__(self):
        self.n = 0

    def add(self, v):
        self.n = self.n + v


def f(n):
    a = Acc()
    for i in range(n):
        a.add(i)
    return a.n


print(f(100))
