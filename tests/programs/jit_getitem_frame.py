# A `__getitem__` frame entered from a hot trace as a plain call (:inline-frame:): the
# caller's float accumulator kept across it, a float local in the callee, a side exit inside
# the callee, recursion through `__getitem__`, the class's method rebound mid-loop, a
# RecursionError raised at the frame push, and at the end an error raised inside the
# callee that nothing catches (its traceback lines are checked by crates/cli/tests/tier2.rs).


class Grid:
    def __init__(self, w, h):
        self.w = w
        self.rows = [[float(x * y) for x in range(w)] for y in range(h)]

    def __getitem__(self, xy):
        x, y = xy
        scale = 0.5
        return self.rows[y][x] * scale


class Rows:
    def __init__(self, rows):
        self.rows = rows

    def __getitem__(self, i):
        return self.rows[i]


class Chain:
    """Each link's `__getitem__` asks the next one: recursion through the dunder."""

    def __init__(self, n):
        self.next = None
        for _ in range(n):
            link = Chain(0)
            link.next = self.next
            self.next = link

    def __getitem__(self, k):
        if self.next is None:
            return k
        return self.next[k + 1]


class Mixed:
    def __getitem__(self, i):
        # An int for most indexes, a float for every seventh: a side exit in the callee.
        if i % 7 == 0:
            return i / 2
        return i * 3


def grid_sum(g, n):
    acc = 0.0
    for y in range(n):
        for x in range(n):
            acc += g[x, y] * 2.0
    return acc


def rows_sum(r, n):
    t = 0
    for i in range(n):
        row = r[i % 4]
        t += row[i % 3]
    return t


def mixed_sum(m, n):
    t = 0
    for i in range(n):
        t += m[i]
    return t


def chain_sum(c, n):
    t = 0
    for i in range(n):
        t += c[i]
    return t


g = Grid(12, 12)
print(grid_sum(g, 12), grid_sum(g, 10))
r = Rows([[1, 2, 3], [4, 5, 6], [7, 8, 9], [10, 11, 12]])
print(rows_sum(r, 500))
print(mixed_sum(Mixed(), 700))
print(chain_sum(Chain(3), 300))

# The class's method rebound while a loop that calls it is hot.
def rebinding(n):
    t = 0
    for i in range(n):
        if i == n // 2:
            Rows.__getitem__ = lambda self, i: self.rows[i][::-1]
        t += r[i % 4][0]
    return t


print(rebinding(400))

# A base class's method rebound: the subclass's cached `__getitem__` (:getitem-cache:) is
# stale from then on.
class Base:
    def __getitem__(self, i):
        return i


class Sub(Base):
    pass


def sub_sum(s, n):
    t = 0
    for i in range(n):
        if i == n // 2:
            Base.__getitem__ = lambda self, i: -i
        t += s[i]
    return t


print(sub_sum(Sub(), 400))


# Classes made and dropped in a loop, each caching its own `__getitem__`.
def make_and_drop(n):
    t = 0
    for i in range(n):
        class Tmp:
            def __getitem__(self, k):
                return k + i
        t += Tmp()[i] + Tmp()[1]
    return t


print(make_and_drop(300))

# Recursion through `__getitem__` until the limit: caught, then the loop goes on.
deep = Chain(2000)
for i in range(3):
    try:
        deep[0]
    except RecursionError:
        print("RecursionError", i)
print(chain_sum(Chain(5), 100))


class Checked:
    def __init__(self, data):
        self.data = data

    def __getitem__(self, i):
        if i >= len(self.data):
            raise IndexError(f"index {i} out of range")
        return self.data[i]


def checked_sum(c, n):
    t = 0
    for i in range(n):
        try:
            t += c[i]
        except IndexError:
            t -= 1
    return t


c = Checked(list(range(50)))
print(checked_sum(c, 60))
# Uncaught: the traceback ends at the loop's line and the `raise` in the dunder, under
# every engine.
total = 0
for i in range(80):
    total += c[i]
print(total)
