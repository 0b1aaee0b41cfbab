# Unpacking a local's tuple or list in place (Cranelift reads a borrowed sequence without
# counting it), where the unpack's own targets rebind that local and free the sequence,
# and unpacks of up to 16 items.


class Box:
    def __init__(self, v):
        self.v = v


def rebinds(n):
    total = 0
    for i in range(n):
        t = (Box(i), Box(i + 1))
        a, t = t
        total += a.v + t.v
        s = [Box(i), (Box(2), Box(3))]
        s, (b, c) = s
        total += s.v + b.v + c.v
    return total


print(rebinds(3000))


def wide(n):
    t = tuple(range(16))
    lst = list(range(100, 112))
    acc = 0
    for i in range(n):
        a, b, c, d, e, f, g, h, j, k, l, m, o, p, q, r = t
        acc += a + r + j
        a, b, c, d, e, f, g, h, j, k, l, m = lst
        acc += m - a
    return acc


print(wide(3000))


def wrong_length(items):
    out = []
    for t in items:
        try:
            a, b, c, d, e, f, g, h, j, k = t
            out.append(a + k)
        except ValueError as err:
            out.append(str(err))
    return out[-3:]


print(wrong_length([tuple(range(10))] * 3000 + [tuple(range(9)), list(range(11))]))
