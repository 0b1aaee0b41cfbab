# Helper for t2_return_to_caller.py: a caller in another module, whose globals differ.
SCALE = 1000
LIMIT = 3


def drive(f, items, n):
    out = 0
    for k in range(n):
        r = f(items)
        out += r * SCALE + LIMIT
        if k % 97 == 0:
            out -= 1
    return out
