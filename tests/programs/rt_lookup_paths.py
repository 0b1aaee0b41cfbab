# The runtime's fast paths must agree with the general ones: dict lookups of small ints
# next to floats and bools that are equal to them, identity keys, sequence comparisons that
# an item's __eq__ mutates, dunders looked up through the type cache after a class changes,
# and cells read and written in comprehension loops.

# Small-int keys beside equal floats and bools.
d = {1: "int one", 2.0: "float two", True: "never stored apart"}
print(d)
print(d[1], d[1.0], d[True], d.get(2), d.get(2.5, "absent"))
for k in (0, 1, 2, 3, -1, 10**20, 2**62, -(2**62)):
    d[k] = k * 2
print(sorted(d.items(), key=lambda kv: repr(kv[0])))
print(d.get(10**20), d.get(float(2**62)), (2**62) in d, 0.0 in d, False in d)


class Key:
    """Hashes like 5 and equals 5: a lookup of 5 must find an entry made by a Key."""

    def __hash__(self):
        return hash(5)

    def __eq__(self, other):
        return other == 5 or other is self


k = Key()
table = {k: "key object"}
print(table.get(5), table.get(k), 5 in table, 6 in table)
table[5] = "replaced"
print(len(table), table[k])

# Identity keys: types, functions and plain instances.
dispatch = {int: "int", str: "str", list: "list", len: "len"}
for t in (int, str, list, dict, len, print):
    print(t.__name__, dispatch.get(t, "-"))


class Plain:
    pass


objs = [Plain() for _ in range(40)]
memo = {}
for i, o in enumerate(objs):
    memo[o] = i
    memo[id(o)] = o
print(sum(memo[o] for o in objs), all(memo[id(o)] is o for o in objs), len(memo))


# Sequence comparisons, in place and under mutation.
print((1, 2, 3) < (1, 2, 4), (1, 2) < (1, 2, 0), (1, (2, 3)) == (1, (2, 3)), () == ())
print([1, [2, 3]] < [1, [2, 4]], [3] > [2, 9, 9], [1, 2] == [1, 2], [1, 2] != [1, 2, 3])
rows = [(n % 3 == 0, -n, len(str(n)), n) for n in range(30)]
rows.sort()
print(rows[:4], rows[-2:])


class Shrinker:
    """Empties the list it is compared from: the comparison must see the change."""

    def __init__(self, victim):
        self.victim = victim

    def __eq__(self, other):
        self.victim.clear()
        return False

    def __lt__(self, other):
        return False


a = [0]
a.append(Shrinker(a))
b = [0, 7]
print(a < b, a == b, len(a))
a = [0]
a.append(Shrinker(a))
print(a == [0, 1, 2], len(a))
nan = float("nan")
print([nan] == [nan], (nan,) == (nan,), [float("nan")] == [float("nan")])


# Dunders looked up through the type cache: a class changed after use answers anew.
class Num:
    def __init__(self, v):
        self.v = v

    def __eq__(self, other):
        return isinstance(other, Num) and self.v == other.v

    def __len__(self):
        return self.v


print(Num(1) == Num(1), Num(1) == Num(2), bool(Num(0)), bool(Num(3)))
Num.__eq__ = lambda self, other: True
Num.__bool__ = lambda self: False
print(Num(1) == Num(2), bool(Num(3)))
del Num.__bool__
print(bool(Num(3)), bool(Num(0)))


class Sub(Num):
    pass


print(Sub(1) == Num(9), bool(Sub(0)))
Num.__len__ = lambda self: 7
print(bool(Sub(0)), len(Sub(0)))


# Cells in comprehension loops, and an unbound free variable.
def cells(n):
    scale = 3
    total = [x * scale for x in range(n)]
    scale = 5
    again = [x * scale for x in range(n)]

    def bump():
        nonlocal scale
        scale += 1
        return scale

    bumps = [bump() for _ in range(4)]
    return sum(total), sum(again), bumps, scale


print(cells(10))


def unbound():
    def inner():
        return later

    try:
        inner()
    except NameError as e:
        print(type(e).__name__, e)
    later = 1
    return inner()


print(unbound())


def gen_names():
    g = (i for i in range(3))
    f = lambda: 0
    print(g.__name__, f.__name__, gen_names.__name__, [h.__name__ for h in (len, Num)])


gen_names()
