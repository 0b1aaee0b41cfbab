# :stale-guard: a loop whose trace was formed while it multiplied ints, and which multiplies
# floats from then on (the first call of spectral_norm's `part_A_times_u`): the guard of the
# old specialization fails at every pass, and the trace is formed again for the new types.
# Then sites whose types keep alternating (they fall back to side traces after a few
# re-formations), a stale guard inside an inlined callee, and one in a trace from a
# function's entry.


def scale(i, j):
    return 1.0 / ((i + j) * (i + j + 1) // 2 + i + 1)


def dot(i, u):
    acc = 0
    for j, u_j in enumerate(u):
        acc += scale(i, j) * u_j
    return acc


def times(u):
    return [dot(i, u) for i in range(len(u))]


u = [1] * 40
for _ in range(6):
    v = times(u)
    u = times(v)
print(round(sum(u), 9), round(sum(v), 9))


def weigh(xs, w):
    t = 0
    for x in xs:
        t += x * w
    return t


# Ints, then floats, then ints again, then bools, then floats, ...: every phase is long
# enough to make the exit hot.
phases = [
    (list(range(300)), 3),
    ([x * 0.5 for x in range(300)], 2.0),
    (list(range(300)), 5),
    ([x % 3 == 0 for x in range(300)], 2),
    ([x * 0.25 for x in range(300)], 4.0),
    (list(range(300)), 7),
    ([x * 0.5 for x in range(300)], 2.0),
]
for rounds in range(3):
    for xs, w in phases:
        r = 0
        for _ in range(20):
            r = weigh(xs, w)
        print(rounds, r)


class P:
    def __init__(self, v):
        self.v = v


class Q:
    def __init__(self, v):
        self.v = v * 2


def get(o):
    return o.v + 1


def total(objs):
    t = 0
    for o in objs:
        t += get(o)
    return t


ps = [P(i) for i in range(200)]
qs = [Q(i) for i in range(200)]
for _ in range(30):
    a = total(ps)
for _ in range(30):
    b = total(qs)
print(a, b, total(ps + qs))


def entry(x, y):
    return x * y + x


def drive(n, k):
    s = 0
    for i in range(n):
        s = entry(i * k, k) - s
    return s


print(drive(5000, 2), drive(5000, 2.5), drive(5000, 3))
