class P:
    def __init__(self, x, y):
        self.x = x
        self.y = y


def f(ps):
    t = 0
    for p in ps:
        t += p.x * p.x + p.y * p.x
    return t


print(f([P(i, i + 1) for i in range(100)]))
