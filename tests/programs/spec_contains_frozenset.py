# `in` / `not in` on frozensets (the generic instruction: CONTAINS_OP_SET specializes
# exact sets only, decision 127) and one site that sees sets, frozensets and a dict.
SCALARS = frozenset({str, bytes, float, bool, type(None)})


def count(items, pool):
    n = 0
    for x in items:
        if x in pool:
            n += 1
        if x not in pool:
            n += 100
    return n


values = [1, "a", 2.5, None, True, b"x", [1], (2,)]
print(sum(type(v) in SCALARS for v in values * 50))
fs = frozenset(range(0, 300, 3))
print(count(range(300), fs), count(range(300), set(fs)), count(range(300), dict.fromkeys(fs)))
print(count(["a", "b", "c"] * 40, frozenset("ab")), count([], frozenset()))
try:
    for i in range(200):
        [i] in fs
except TypeError as e:
    print("TypeError:", e)
[1] in fs
