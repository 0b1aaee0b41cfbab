# Tuple keys in dicts and sets: equal tuples of ints and strs find each other without the
# general comparison; floats, bools, nested tuples and instances with __eq__ still compare
# the general way, in order, stopping at the first unequal pair.
grid = {}
for x in range(-3, 4):
    for y in range(-3, 4):
        grid[(x, y)] = x * 10 + y
print(grid[(2, -1)], grid.get((0, 0)), grid.get((9, 9)), (3, 3) in grid, (4, 0) in grid)
print(grid[(1.0, 2)], grid.get((True, False)), (2, 2.0) in grid)
names = {("a", "b"): 1, ("a", "bc"): 2, ("ab", "c"): 3}
print(names[("a" + "b", "c")], names.get(("a", "b" + "c")), ("ab", "") in names)
nested = {((1, 2), "x"): "n", (1, (2, 3)): "m"}
print(nested[((1, 2), "x")], nested.get((1, (2, 3))), nested.get((1, (2, 4))))


class Loud:
    def __init__(self, v):
        self.v = v

    def __eq__(self, other):
        print("eq", self.v, getattr(other, "v", other))
        return isinstance(other, Loud) and self.v == other.v

    def __hash__(self):
        return hash(self.v)


a, b = Loud(1), Loud(1)
d = {(a, 5): "first"}
print(d.get((b, 5)), d.get((b, 6)))
print(d.get((5, b)), len({(i % 5, str(i % 3)) for i in range(100)}))
s = {(i, i + 1) for i in range(50)}
print(sum(1 for i in range(60) if (i, i + 1) in s), (10, 12) in s)
