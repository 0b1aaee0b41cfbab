# TO_BOOL and CONTAINS_OP sites whose operand types change every iteration.
def truth(x):
    if x:
        return 1
    return 0
def negate(x):
    return not x
class Plain:
    pass
vals = [0, 1, -1, 2**70, 0.0, -0.0, 0.5, float("nan"), "", "0", [], [0], (), (None,), {}, {0: 0},
        None, True, False, set(), {0}, range(0), range(3), Plain(), truth, 10**20 - 10**20]
bits = []
cnt = 0
for i in range(2600):
    v = vals[i % len(vals)]
    t = truth(v)
    n = negate(v)
    cnt += t
    if t == n:
        print("inconsistent", i)
    if i < len(vals):
        bits.append(t)
print(cnt, bits)
# while loops whose condition object changes type
x = 300
loops = 0
while x:
    loops += 1
    if isinstance(x, int) and x > 1:
        x -= 1
    elif x == 1:
        x = [1, 2, 3]
    elif isinstance(x, list) and x:
        x.pop()
        if not x:
            x = "abc"
    elif isinstance(x, str):
        x = x[1:]
print(loops, repr(x))
# and/or return operands, not bools
picks = []
for i in range(600):
    a = vals[i % 7]
    b = vals[(i + 3) % 11]
    r = a and b or i
    if i < 14:
        picks.append(repr(r))
print(picks)
# `in` against dict/set/list/tuple/str/range at one site, unhashable keys raise
def has(c, k):
    return k in c
d = {1: "a", "x": 2, (1, 2): 3, 2.5: 4}
st = {1, 2, 3, 2**65}
containers = [d, st, [1, "x", 2.5], (1, 2), "x1y", range(0, 10, 2), frozenset([1, "x"])]
keys = [1, "x", 2.5, (1, 2), 2**65, True, 1.0, [1], {}, "", 4, -0.0, None]
yes = 0
errs = {}
for i in range(3500):
    c = containers[i % len(containers)]
    k = keys[(i // len(containers) + i) % len(keys)]
    try:
        if has(c, k):
            yes += 1
        if k not in c:
            yes += 1000
    except TypeError as e:
        errs[str(e)] = errs.get(str(e), 0) + 1
print(yes, sorted(errs.items()))
# membership in a dict/set that is mutated while the loop is hot
live = {}
s2 = set()
hits = 0
for i in range(2000):
    if i % 3 in live:
        hits += 1
    if i % 5 in s2:
        hits += 100
    live[i % 4] = i
    if i % 7 == 0:
        live.pop(i % 4, None)
        s2.add(i % 6)
    if i % 11 == 0:
        s2.discard(i % 5)
print(hits, sorted(live.items()), sorted(s2))
# is / is not None checks mixed with truthiness of a value that becomes None
cur = 5
nn = 0
for i in range(900):
    if cur is not None and cur:
        nn += cur
    elif cur is None:
        nn -= 1
    cur = [5, 0, None, "", 3][i % 5]
print(nn)
# bool() and len-based truthiness of containers that fill and drain
q = []
drains = 0
for i in range(1000):
    q.append(i)
    if len(q) > 5 or (i % 13 == 0 and q):
        while q:
            q.pop()
            drains += 1
print(drains, bool(q), bool([q]), not q)
