# Set comparisons and operators between two sets look elements up by the hash their entry
# stores (no second hash), the subset test walks its table in place, and a lookup settles an
# identical element without touching its count. What must still hold: colliding hashes,
# deleted slots, elements whose __eq__ runs Python code or changes a set, hash() called once
# per element, min/max with and without key and default.


class Key:
    hashes = 0

    def __init__(self, v, h=None):
        self.v = v
        self.h = v if h is None else h

    def __hash__(self):
        Key.hashes += 1
        return self.h

    def __eq__(self, other):
        return isinstance(other, Key) and self.v == other.v

    def __repr__(self):
        return f"K{self.v}"


# Colliding hashes: every Key hashes to 7, so lookups compare with __eq__.
a = {Key(i, 7) for i in range(6)}
b = {Key(i, 7) for i in range(3, 9)}
Key.hashes = 0
print(sorted(x.v for x in a & b), sorted(x.v for x in a - b), sorted(x.v for x in a ^ b))
print(sorted(x.v for x in a | b), a <= b, a & b <= a, a >= a & b, a < a, a == set(a))
print("hashes while combining", Key.hashes)

# Deleted slots in the middle of probe chains.
s = set(range(0, 400, 3))
for i in range(0, 400, 9):
    s.discard(i)
t = set(range(0, 400, 6))
print(len(s & t), len(s - t), len(t - s), len(s ^ t), s <= s | t, (s & t) < s, s > s - t)
s -= {3, 6, 7, 12, 15}
s &= set(range(50, 300))
s ^= {51, 52, 53, 54}
print(sorted(s)[:12], len(s))

# Strings, bytes, ints, floats equal to ints, frozensets mixed with sets.
words = {"alpha", "beta", "gamma", b"alpha", 1, 2.0, 3, (1, 2)}
other = frozenset({"beta", b"alpha", 1.0, 2, (1, 2), "delta"})
both = words & other
print(sorted(map(repr, both)), type(other & words).__name__, type(words - other).__name__)
print(sorted(map(repr, words - other)), sorted(map(repr, other - words)), frozenset({1, 2}) <= {1.0, 2.0, 3})


# An __eq__ that empties the set being walked: no crash, an answer.
class Shrink:
    def __init__(self):
        self.target = None

    def __hash__(self):
        return 1

    def __eq__(self, other):
        if self.target is not None:
            self.target.clear()
        return False


walked = {Shrink(), Shrink(), 4}
probe = {Shrink(), 4, 7, 8, 9, 10}
for el in probe:
    if isinstance(el, Shrink):
        el.target = walked
print(walked <= probe, len(walked))
walked = {Shrink(), 4, 7}
for el in probe:
    if isinstance(el, Shrink):
        el.target = walked
print(len(walked & probe), len(walked), len(probe - walked))


# An __eq__ that raises propagates out of the comparison and the operators.
class Bad:
    def __hash__(self):
        return 5

    def __eq__(self, other):
        raise ValueError("no equality")


bad1, bad2 = {Bad()}, {Bad()}
ops = {
    "<=": lambda: bad1 <= bad2,
    "&": lambda: bad1 & bad2,
    "-": lambda: bad1 - bad2,
    "^": lambda: bad1 ^ bad2,
    "==": lambda: bad1 == bad2,
}
for op, f in ops.items():
    try:
        f()
        print(op, "no error")
    except ValueError as e:
        print(op, "ValueError", e)

# Hot loops over the same operations (tier 2 at low thresholds).
free = frozenset(range(50))
pieces = [frozenset({i, i + 1, i + 7}) for i in range(40)]
hits = 0
total = 0
for n in range(300):
    for p in pieces:
        if p <= free:
            rest = free - p
            total += min(rest) + max(rest) + len(rest & pieces[n % 40])
            hits += 1
print(hits, total)

# min/max: no key, key, default, several arguments, ties keep the first.
print(min({5, 3, 9}), max(frozenset({-1, -7})), min([3, 1, 1.0, 2]), max([1.0, 1, True]))
print(min("bca"), max([(1, "b"), (1, "a")]), min([], default="empty"), max([], default=None))
print(min(["aa", "b", "cc"], key=len), max(["aa", "b", "cc"], key=len), min(4, 2, 8, key=lambda v: -v))
print(min([Key(3), Key(1)], key=lambda k: k.v), max(range(10), key=lambda v: v % 4))
for args in ((), ([],), ([1, "a"],)):
    try:
        print(min(*args))
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
try:
    max([1, 2], key=lambda v: 1 / (v - 2))
except ZeroDivisionError as e:
    print("ZeroDivisionError", e)
