# BINARY_OP sites (+ - * // % and +=) whose operand types change every iteration.
def add(a, b):
    return a + b
def sub(a, b):
    return a - b
def mul(a, b):
    return a * b
vals = [3, 2.5, "s", 2**70, True, [1], (2,), -7, -0.5, False, 10**20, "", 0]
counts = {}
samples = []
for i in range(3000):
    a = vals[i % len(vals)]
    b = vals[(i // 13 * 5 + i) % len(vals)]
    try:
        r = add(a, b)
        key = type(r).__name__
    except TypeError:
        key = "TypeError"
    counts[key] = counts.get(key, 0) + 1
    if i % 97 == 0:
        samples.append(repr(r) if key != "TypeError" else "E")
print(sorted(counts.items()))
print(samples)
# warm up with ints, then switch to floats / strs / bigints at the same sites
acc = 0
for i in range(1000):
    acc = add(acc, i)
    acc = sub(acc, i // 2)
print(acc)
acc = 0.0
for i in range(1000):
    acc = add(acc, i)
    acc = sub(acc, 0.25)
print(acc)
s = ""
for i in range(600):
    s = add(s, chr(97 + i % 26))
print(len(s), s[:30], s[-5:])
m = 1
for i in range(1, 400):
    m = mul(m, i) if i % 3 else mul(m, -1)
    m = sub(m, 1)
print(m % 1000000007, len(str(m)))
# in-place += on a name that is sometimes a list (mutates), sometimes a tuple or int
shared = []
alias = shared
t = ()
n = 0
for i in range(900):
    if i % 3 == 0:
        shared += [i]
    elif i % 3 == 1:
        t += (i,)
    else:
        n += i
print(len(shared), alias is shared, len(alias), len(t), n, shared[-3:], t[-2:])
# mixing int/float/bool in * // % with negative values
tot = 0.0
itot = 0
for i in range(1, 2000):
    x = vals[i % 13]
    if isinstance(x, (int, float)) and x:
        tot = tot + (i // x) + (i % x) * 0.5
        if isinstance(x, int):
            itot += (-i) // x + (-i) % x
print(tot, itot)
# str * int, list * int, int * str at one site
rep = 0
for i in range(500):
    k = i % 4
    if k == 0:
        r = mul("ab", i % 5)
    elif k == 1:
        r = mul(i % 3, [0, 1])
    elif k == 2:
        r = mul(i, 3)
    else:
        r = mul(1.5, i)
    rep += len(r) if not isinstance(r, (int, float)) else int(r)
print(rep)
# bool arithmetic keeps int semantics
b = True
z = 0
for i in range(300):
    z = add(z, b)
    b = not b
    z = sub(z, False)
print(z, True + True, type(True + False).__name__, -True)
