def add(a, b):
    return a + b
vals = []
for i in range(6000):
    if i < 2000:
        vals.append(add(i, 1))
    elif i < 4000:
        vals.append(add(float(i), 0.5))
    elif i < 5000:
        vals.append(add(str(i), "x"))
    else:
        vals.append(add([i], [1]))
print(vals[1999], vals[2000], vals[3999], vals[4000], vals[5999])
def poly(x):
    return x * 2
acc = []
for v in [1, 2.5, "ab", [1], (2,), True, 2**70, -0.0]:
    for i in range(500):
        r = poly(v)
    acc.append(r)
print(acc)
s = 0
x = 1
for i in range(3000):
    s += x
    if i == 1000:
        x = 1.5
    if i == 2000:
        x = 2**64
print(s)
def cmp(a, b):
    return a < b
out = []
for pair in [(1, 2), (2.0, 1), ("a", "b"), ([1], [0]), ((1, 2), (1, 3)), (True, 2), (2**65, 3.0)]:
    for i in range(300):
        r = cmp(*pair)
    out.append(r)
print(out)
t = 0
for i in range(10000):
    v = i if i % 2 else float(i)
    t += v
print(t)
n = 0
for i in range(5000):
    n = n + (1 if i % 3 else True)
print(n, type(n).__name__)
z = 0
for i in range(100):
    z = z * 31 + i
    z = z ^ (z >> 5)
print(z)
b = True
for i in range(1000):
    b = b + 1
print(b)
