# Traces that follow a return from the frame they start in into its caller (:return-to-caller:):
# a function with a hot loop called from several callers (the guarded caller changes), through
# builtins (entry frames), as __init__, as a generator, recursively, from another module whose
# globals differ, with an error raised in the caller after the return.
import _modrtc

SCALE = 7
LIMIT = 11


class P:
    def __init__(self, x, y):
        self.x = x
        self.y = y


def total(items):
    s = 0
    for it in items:
        s += it.x * it.y
    return s


def total_const(items):
    for it in items:
        if it.x < 0:
            return -1
    return None


def caller_a(items, n):
    acc = 0
    for k in range(n):
        t = total(items)
        acc += t % SCALE + k
    return acc


def caller_b(items, n):
    acc = 0
    for k in range(n):
        acc = acc - total(items) + LIMIT
        if total_const(items) is None:
            acc += 1
    return acc


def keyed(p):
    s = 0
    for i in range(3):
        s += p.x - i
    return s


class Box:
    def __init__(self, items):
        self.n = 0
        for it in items:
            self.n += it.x


def gen(items):
    for it in items:
        t = 0
        for j in range(3):
            t += it.y * j
        yield t


def rec(items, depth):
    s = 0
    for it in items:
        s += it.x
    if depth == 0:
        return s
    return s + rec(items, depth - 1) * 2 % 1000003


def divide_later(items, n):
    out = []
    for k in range(n):
        t = total(items)
        try:
            out.append(t // (k % 5))
        except ZeroDivisionError:
            out.append(-k)
    return sum(out)


items = [P(i, i % 5 + 1) for i in range(12)]
print(caller_a(items, 400))
print(caller_b(items, 400))
print(caller_a(items, 50) + caller_b(items, 50))
print(sorted(items * 30, key=keyed)[:3] == sorted(items, key=keyed)[:3])
print(sum(map(keyed, items * 40)))
print(sum(Box(items).n for _ in range(300)))
print(sum(sum(gen(items)) for _ in range(200)))
print([rec(items, d) for d in range(6)])
print(sum(rec(items, 4) for _ in range(100)))
print(_modrtc.drive(total, items, 300))
print(_modrtc.drive(caller_a.__code__ and total, items[:3], 200))
print(divide_later(items, 300))
