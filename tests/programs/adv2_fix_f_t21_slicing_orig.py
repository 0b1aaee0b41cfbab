L = list(range(10))
T = tuple(L)
S = "abcdefghij"
vals = [None, -12, -10, -3, -1, 0, 1, 3, 9, 10, 12]
steps = [None, -3, -2, -1, 1, 2, 4]
h = 0
out = []
for st in vals:
    for sp in vals:
        for stp in steps:
            a = L[st:sp:stp]
            b = T[st:sp:stp]
            c = S[st:sp:stp]
            assert list(b) == a and [S[i] for i in a] == list(c), (st, sp, stp)
            h = (h * 31 + len(a) * 7 + sum(a)) % 1000000007
            if st in (None, -3, 3) and sp in (None, -1, 9) and stp in (None, -2, 2):
                out.append((st, sp, stp, c))
print(h)
for o in out:
    print(o)
try:
    L[::0]
except ValueError as e:
    print(e)
M = list(range(10))
M[2:5] = "xy"
print(M)
M[::2] = range(5)
print(M)
try:
    M[::2] = [1, 2]
except ValueError as e:
    print(e)
del M[::3]
print(M)
M[1:1] = [100, 200]
print(M)
del M[-2:]
print(M)
M[-100:100] = [1]
print(M)
print(L[slice(2, 8, 3)], slice(1, 2).indices(10) if hasattr(slice(1,2), "indices") else None)
print(range(10)[2:8:2], range(10)[::-1], range(0, 20, 3)[-2], len(range(10, -10, -3)))
r = range(20, -20, -3)
print([x in r for x in (20, 17, -19, -20, 18, 5, 2, -1)], r.index(-1), r.count(5), list(r[1:4]))
print(5 in range(0, 10, 2), 4 in range(0, 10, 2), -4 in range(0, -10, -2), 10**20 in range(10**21), 2.0 in range(3))
