# Items of integer arrays read in hot loops (machine code tags an int item in place), for
# every typecode: big signed and unsigned items past the small-int range, float arrays
# behind the same site, negative indexes and an index out of range.
from array import array

def total(a, n):
    t = 0
    for k in range(n):
        for i in range(len(a)):
            t += a[i] + a[-1 - i]
    return t

for code in "bhilqBHILQ":
    a = array(code, [1, 2, 3, 100, 0])
    print(code, total(a, 300))
print(total(array("q", [2**62, -2**62, 2**63 - 1, -2**63]), 300))
print(total(array("Q", [2**62, 2**63, 2**64 - 1]), 300))
print(total(array("L", [2**63 + 5, 7]), 300))

def mixed(arrs, n):
    out = []
    for k in range(n):
        for a in arrs:
            out.append(a[1])
    return out[-3:]
print(mixed([array("i", [5, 6]), array("f", [0.5, 0.25]), array("Q", [1, 2**64 - 1])], 400))

def col_sum(col, x, n):
    s = 0.0
    for k in range(n):
        for i in range(len(col)):
            s += x[col[i]] * 0.5
    return s
print(col_sum(array("i", [3, 1, 0, 2]), array("d", [1.0, 2.0, 3.0, 4.0]), 500))

def past_end(a, n):
    t = 0
    for i in range(n):
        t += a[i % (len(a) + 1)]
    return t
try:
    past_end(array("i", [1, 2, 3]), 5000)
except IndexError as e:
    print("IndexError:", e)
