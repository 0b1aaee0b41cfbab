# Float specials (nan, inf, -0.0) flowing through float-specialized compare/arith sites.
import math
nan = float("nan")
inf = float("inf")
ninf = -inf
specials = [1.5, nan, inf, -0.0, 0.0, ninf, -2.25, 1e308, 5e-324, 3]
def cmp_all(a, b):
    return (a < b, a <= b, a == b, a != b, a > b, a >= b)
tally = [0, 0, 0, 0, 0, 0]
for i in range(2000):
    a = specials[i % 10]
    b = specials[(i // 10 + i) % 10]
    r = cmp_all(a, b)
    for j in range(6):
        if r[j]:
            tally[j] += 1
print(tally)
# arithmetic producing specials inside a float-warm loop
x = 1.0
outs = []
for i in range(1200):
    if i < 1000:
        x = x * 1.5 if x < 1e300 else x / 3.0
    elif i == 1000:
        x = 1e308
    else:
        x = x * 10.0
    if i % 100 == 99 or i > 1195:
        outs.append(repr(x))
print(outs)
print(repr(inf - inf), repr(inf * 0.0), repr(-inf * -1.0), repr(1e308 + 1e308), repr(-1e308 * 10))
# nan is never equal to itself, yet identity makes `in` / list == succeed
n_self = 0
n_in = 0
n_list = 0
other_nan = float("nan")
box = [nan]
for i in range(800):
    v = nan if i % 2 else other_nan
    if v == v:
        n_self += 1
    if v in box:
        n_in += 1
    if [v] == box:
        n_list += 1
    if v != v:
        n_self += 1000
print(n_self, n_in, n_list, nan in (nan,), other_nan in {nan: 1}, nan in {nan: 1})
# -0.0 vs 0.0: equal, but sign visible through repr, copysign, division, atan2
signs = []
zsum = 0.0
for i in range(600):
    z = -0.0 if i % 3 == 0 else 0.0
    if z == 0:
        zsum += 1.0
    zsum += z
    if i < 6:
        signs.append((repr(z), math.copysign(1.0, z), repr(z * -1), repr(-z + 0.0), repr(abs(z))))
print(zsum, repr(zsum * -0.0), signs)
print(repr(-0.0 + -0.0), repr(-0.0 - 0.0), repr(0.0 - 0.0), repr(-0.0 * 5), repr(round(-0.4)), repr(round(-0.4, 1)))
# division by float zero raises, even for -0.0 and inf numerators
errs = []
mods = {}
q = 0.0
for i in range(900):
    d = [2.0, 0.0, -0.0, inf, 4][i % 5]
    n = [1.0, inf, -3, nan][i % 4]
    try:
        q += n / d if (n == n and n != inf) else 0.5
        r = n % d
        mods[repr(r)] = mods.get(repr(r), 0) + 1
    except ZeroDivisionError as e:
        errs.append(str(e))
print(q, len(errs), sorted(set(errs)), sorted(mods.items()))
# min/max/sorted with inf and -0.0; nan placement depends on position
print(min(0.0, -0.0), max(-0.0, 0.0), min(-0.0, 0.0), max([ninf, -1e308, -inf]))
print(max(nan, 1.0), max(1.0, nan), min(3, inf, 2.5), sorted([inf, -0.0, 0.0, ninf, 2, -1]))
# int <-> float conversions at the extremes
ok = 0
fails = []
for i in range(300):
    v = [inf, ninf, nan, 1e300, 2.0 ** 1023, -1e20][i % 6]
    try:
        ok += int(v) % 1000
    except (OverflowError, ValueError) as e:
        fails.append(type(e).__name__ + ": " + str(e))
print(ok, len(fails), sorted(set(fails)))
try:
    float(2 ** 1024)
except OverflowError as e:
    print("OverflowError", e)
print(math.isnan(nan), math.isinf(ninf), math.isfinite(1e308), math.floor(-0.5), math.ceil(-0.5), repr(math.fabs(-0.0)))
print(inf == 2 ** 2000, inf > 2 ** 2000, -inf < -(2 ** 2000), 2 ** 2000 < nan, 1e308 < 2 ** 1024)
