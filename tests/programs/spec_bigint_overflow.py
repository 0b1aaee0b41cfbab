# Small ints overflowing into big ints (and back) inside int-specialized hot loops.
def grow(x, k):
    return x * k + 1
# repeated multiplication crossing 2**30, 2**62, 2**63, 2**64 at one site
x = 1
marks = []
for i in range(300):
    x = grow(x, 3)
    for b in (30, 62, 63, 64, 128):
        if x >= 2 ** b and (b, i) not in marks and not any(m[0] == b for m in marks):
            marks.append((b, i))
print(marks, x % 1000003, x.bit_length())
# walk across the signed 64-bit boundaries one step at a time
edges = []
for start in (2**62 - 3, 2**63 - 3, 2**64 - 3, -2**62 - 2, -2**63 - 2, -2**64 - 2):
    v = start
    row = []
    for i in range(6):
        v = v + 1
        row.append(v)
        row.append(v > start + 2)
    edges.append((v, v - start, -v, abs(v), v // 7, v % 7, v >> 3, v << 2, v & 0xff, v ^ -1))
    edges.append(row)
for e in edges:
    print(e)
# accumulate past the boundary then subtract back down: small again
acc = 0
peak = 0
for i in range(2000):
    if i < 1000:
        acc += 2**60 + i
    else:
        acc -= 2**60 + (i - 1000)
    if acc > peak:
        peak = acc
print(acc, peak, type(acc).__name__, acc == 0, peak > 2**69)
# factorial and fibonacci in hot loops
f = 1
for i in range(1, 301):
    f *= i
fa = 0
fb = 1
for i in range(500):
    fa, fb = fb, fa + fb
print(len(str(f)), f % 1000000007, str(f)[:20], fa % 999983, len(str(fa)))
# negative multiplication alternating sign, with floor div / mod on negatives
n = -1
chk = 0
for i in range(1, 250):
    n = n * -7 + (i if i % 2 else -i)
    chk += n % 1000 + (n // 10**30) % 1000
    chk += (-n) % 97 - n % -97
print(n % 10**12, chk, n < 0, len(str(n)))
# powers at the 2**62 edge and shifts in the same loop
s = 0
for i in range(40, 80):
    p = 2 ** i
    q = 1 << i
    s += (p == q) + (p - 1).bit_length() + (-p) // 3 % 1000 + (p * p) % 12345
    s += (q >> (i - 3)) + (~q) % 11
print(s)
# mixing small and big in the same dict keys / list indices
d = {}
for i in range(600):
    k = i if i % 2 else 2**64 + i
    d[k % 50 if i % 3 else k] = i
print(len(d), sum(d.values()) % 100000, d[2**64 + 6] if 2**64 + 6 in d else None, d.get(49))
lst = list(range(100))
tot = 0
for i in range(500):
    idx = (2**70 + i) % 100 - (i % 3) * 100
    if idx < -100:
        idx += 100
    tot += lst[idx]
print(tot)
# int() / str() / hash() round trips stay exact across boundaries
ok = 0
for e in range(55, 70):
    for delta in (-1, 0, 1):
        v = 2 ** e + delta
        if int(str(v)) == v and int(str(-v)) == -v and hash(v) == hash(int(str(v))):
            ok += 1
print(ok, hash(2**61 - 1) == 0, hash(2**61) == 1, hash(-2**61) == -1, hash(2**64 + 5) == hash(13), hash(-1) == hash(-2), hash(2**70) == hash(float(2**70)))
print(pow(3, 200, 10**9 + 7), pow(-2, 127), divmod(-2**100, 7), divmod(2**100, -7), -2**63 // -1)
