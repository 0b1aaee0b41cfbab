# range() calls take a fast path before the general call (tier 1 and the generic CALL of
# traces) and range lengths are computed in u64: lengths at the i64 edges, negative steps,
# step 0, keywords and big-int ranges still behave as in CPython.
def f(a, b, c):
    out = []
    for k in range(40):
        out.append(len(range(a + k, b)))
        out.append(sum(range(a, b + k, c)))
        out.append(list(range(b, a, -c))[:3])
        out.append(len(range(-(2**62) - k, 2**62 + k, 3)))
        out.append(len(range(2**63 - 5, -(2**63) + k, -7)))
    try:
        range(1, 2, 0)
    except ValueError as e:
        out.append(str(e))
    try:
        range(1, stop=3)
    except TypeError as e:
        out.append(str(e))
    r = range(5)
    out.append(list(r) + list(range(1 << 64, (1 << 64) + 3)))
    return out
print(f(3, 50, 4))
