class P:
    def __init__(self, x):
        self.x = x


def f(ps):
    t = 0
    for p in ps:
        t += p.x
        t += len(str(t))
        t += p.x
    return t


print(f([P(i) for i in range(100)]))
