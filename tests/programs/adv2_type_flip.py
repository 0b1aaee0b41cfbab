def acc(n):
    x = 0
    out = []
    for i in range(n):
        if i == n // 4:
            x = float(x)
        elif i == n // 2:
            x = str(int(x))
        elif i == 3 * n // 4:
            x = int(x) * 10**30
        if isinstance(x, str):
            x = str(int(x) + i)
        else:
            x = x + i
        if i % (n // 8) == 0:
            out.append(repr(x))
    return x, out
r, o = acc(40000)
print(r)
for s in o:
    print(s)
def poly(v):
    return v + v
vals = [1, 2.5, "ab", [1], (2,), 10**20, -3, True, 0.1]
tot = []
for i in range(5000):
    tot.append(poly(vals[i % len(vals)]))
print(tot[:9])
print(len(tot))
