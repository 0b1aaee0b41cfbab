# __len__, __getitem__, __contains__.
class Ring:
    def __init__(self, items):
        self.items = list(items)
    def __len__(self):
        return len(self.items)
    def __getitem__(self, i):
        return self.items[i % len(self.items)]
    def __contains__(self, v):
        return v in self.items
r = Ring([10, 20, 30])
print(len(r), r[0], r[4], r[-1], 20 in r, 99 in r, 99 not in r, bool(r))
total = 0
for i in range(5000):
    total += r[i]
print("total", total)
class Squares:
    def __getitem__(self, i):
        if i >= 8:
            raise IndexError(i)
        return i * i
sq = Squares()
print([sq[i] for i in range(8)])
try:
    sq[8]
except IndexError as e:
    print("IndexError:", e.args)
class Empty:
    def __len__(self):
        return 0
print(bool(Empty()), len(Empty()), "yes" if Empty() else "no")
class Grid:
    def __init__(self):
        self.cells = {}
    def __getitem__(self, key):
        return self.cells.get(key, 0)
g = Grid()
g.cells[(1, 2)] = 5
print(g[(1, 2)], g[1, 2], g[0, 0])
