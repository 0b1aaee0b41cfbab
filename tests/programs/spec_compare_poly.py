# COMPARE_OP sites (< <= == != > >=) fed int/float/str/bigint/bool/tuple/list/None in turn.
def lt(a, b):
    return a < b
def le(a, b):
    return a <= b
def eq(a, b):
    return a == b
def ne(a, b):
    return a != b
vals = [1, 1.0, True, "1", "a", 2**64, -2**64, 2.5, (1, 2), [1, 2], None, 0, -0.0, "", (1,), [0], 2**63 - 1, 9.2e18]
ops = [lt, le, eq, ne]
sig = []
errs = 0
trues = 0
for i in range(4000):
    a = vals[i % len(vals)]
    b = vals[(i // len(vals) + i * 3) % len(vals)]
    op = ops[(i // 7) % 4]
    try:
        r = op(a, b)
        if r:
            trues += 1
        sig.append("T" if r else "F")
    except TypeError:
        errs += 1
        sig.append("E")
print(trues, errs)
print("".join(sig[:120]))
print("".join(sig[-120:]))
# int site that sees bigints at the 2**63 boundary
c = 0
x = 2**63 - 300
for i in range(600):
    if x < 2**63:
        c += 1
    if x >= 9223372036854775807:
        c += 1000
    if -x < -(2**63) + 5:
        c += 1000000
    x += 1
print(c, x)
# float vs int exact comparisons where float precision matters
big = 2**53
fl = float(big)
n_eq = 0
n_lt = 0
for i in range(-300, 300):
    k = big + i
    if k == fl:
        n_eq += 1
    if fl < k:
        n_lt += 1
    if k + 0.0 == k:
        n_eq += 1000
print(n_eq, n_lt)
# string comparisons: prefixes, unicode, empty
words = ["", "a", "ab", "abc", "b", "B", "\u00e9", "\u00e9t\u00e9", "zz", "a\u0000"]
order = 0
for i in range(1000):
    a = words[i % 10]
    b = words[(i * 3 + i // 10) % 10]
    if a < b:
        order += i % 13
    elif a == b:
        order -= 1
    if a > b >= "":
        order += 2
print(order)
# chained comparisons with mixed types short-circuit before raising
ok = 0
bad = 0
chain = [(1, 2, 3), (1, 2.5, "x"), (3, 2, "x"), (1.0, True, 2), (0, -0.0, 0), ("a", "b", 1)]
for i in range(1200):
    a, b, c2 = chain[i % 6]
    try:
        if a < b < c2:
            ok += 1
        elif a <= b <= c2:
            ok += 100
    except TypeError:
        bad += 1
print(ok, bad)
# sorting mixed numeric types and tuples compares elementwise through the same code
nums = []
for i in range(300):
    v = [i % 17, (i % 13) * 0.5, i % 2 == 0, 2**65 - i][i % 4]
    nums.append(v)
s = sorted(nums)
print(s[:8], s[-3:], len(s))
tups = sorted([(i % 5, -i % 7, str(i % 3)) for i in range(60)])
print(tups[:5], tups[-2:])
print([1, 2] < [1, 2, 0], (1, "a") < (1, "b"), [2] > [1, 99], (1, 2) == (1.0, 2.0))
