# The type flowing through one hot loop body changes: ints, floats, strs, big ints > 2**62, then ints again.
def body(a, b):
    s = a + b
    p = a * 2
    lt = a < b
    eq = s == p
    return s, p, lt, eq
def source(i):
    phase = i // 300
    if phase == 0:
        return i, i + 1
    if phase == 1:
        return i * 0.5, 1.25
    if phase == 2:
        return "k%d" % (i % 10), "z"
    if phase == 3:
        return 2 ** 62 + i, 2 ** 62 - i
    if phase == 4:
        return -(2 ** 64) * i, i
    if phase == 5:
        return i % 3 == 0, i % 5
    return i - 2000, 7
count_lt = 0
count_eq = 0
checksum = 0
strs = 0
for i in range(2100):
    a, b = source(i)
    s, p, lt, eq = body(a, b)
    if lt:
        count_lt += 1
    if eq:
        count_eq += 1
    if isinstance(s, str):
        strs += len(s) + len(p)
    else:
        checksum = (checksum + int(s) * 3 + int(p)) % (2 ** 80)
    if i % 100 == 0 or i % 300 == 299:
        print(i, type(a).__name__, repr(s), repr(p), lt, eq)
print("counts", count_lt, count_eq, strs, checksum)
# accumulator whose type changes: int grows past 2**63 and is then reduced back to small ints
acc = 1
hist = []
for i in range(400):
    acc = acc * 3 + i
    if acc > 2 ** 100:
        acc = acc % 1000
        hist.append(i)
    if i % 40 == 0:
        print("acc", i, acc, acc > 2 ** 62, acc < 2 ** 31)
print("hist", hist, acc)
# mixed-type list through the same comparison and arithmetic sites
vals = [3, 2.5, 7, -1.0, 2 ** 70, True, -(2 ** 65), 0, 1.5e30, 10]
mx = vals[0]
mn = vals[0]
itot = 0
ftot = 0.0
for i in range(3000):
    v = vals[i % 10]
    if v > mx:
        mx = v
    if v < mn:
        mn = v
    if type(v) is float:
        ftot = ftot + v * (i % 3)
    else:
        itot = itot + v * (i % 3)
    if i % 500 == 0 or i == 4 or i == 8:
        print("mix", i, mx, mn, itot, ftot)
print("mixed", mx, mn, itot, ftot)
# int/float division and negation flips in one expression
ri = 0
rf = 0.0
for i in range(1, 1200):
    x = i if i % 4 else i * 1.0
    if i > 800:
        x = i * 2 ** 61
    t = x // 7 - x % 7 + (-x) // 3
    if type(t) is int:
        ri = ri + t
    else:
        rf = rf + t
    if i % 100 == 0 or i % 100 == 1:
        print("div", i, t, ri, rf)
print("r", ri, rf)
# str then list then tuple concatenation at one + site
seqs = []
for i in range(900):
    if i < 300:
        seq = "ab" + str(i % 7)
    elif i < 600:
        seq = [i % 3] + [i % 5, 0]
    else:
        seq = (i % 7,) + (1,)
    seq = seq * 2
    if i % 150 == 0:
        seqs.append(seq)
print("seqs", seqs)
