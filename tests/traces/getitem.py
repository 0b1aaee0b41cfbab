class Grid:
    def __init__(self, w):
        self.w = w
        self.data = [0.5] * (w * w)

    def __getitem__(self, xy):
        (x, y) = xy
        return self.data[y * self.w + x]


def f(g, n):
    t = 0.0
    for i in range(n):
        t += g[i % 4, 1]
    return t


print(f(Grid(4), 100))
