# fold_constants: operations on constants fold and branches on them go, including constants
# that promote_globals found in globals (a debug flag, a size). Rebinding such a global must
# invalidate the trace that folded it, even when the folded branch went the other way.
DEBUG = False
SIZE = 12
LIMIT = None
log = []


def work(n):
    total = 0
    for i in range(n):
        if DEBUG:
            log.append(i)
        step = SIZE * 2 + 1
        if SIZE > 10:
            total += step
        else:
            total -= 1
        if LIMIT is not None and i > LIMIT:
            total += 1000
        if not 0:
            total += 3 - 1
    return total


def flip(n, at):
    global DEBUG, SIZE, LIMIT
    total = 0
    for i in range(n):
        total += work(3)
        if i == at:
            DEBUG = True
        if i == at + 100:
            SIZE = 5
        if i == at + 200:
            LIMIT = 1
    return total


print(work(6000))
print(flip(3000, 1500), len(log), log[:6])
DEBUG, SIZE, LIMIT = False, 12, None
print(work(6000))
