def describe(x):
    if isinstance(x, bool):
        return "bool:" + str(x)
    if isinstance(x, int):
        return "int:" + str(x)
    if isinstance(x, float):
        return "float:" + repr(x)
    if isinstance(x, str):
        return "str:" + x
    if isinstance(x, (list, tuple)):
        return type(x).__name__ + ":" + ",".join(describe(e) for e in x)
    if x is None:
        return "none"
    return "other"
vals = [1, 2.5, "s", True, None, [1, "a"], (2.0, False), 10**25, -0.0, {}]
out = []
for i in range(20000):
    out.append(describe(vals[i % len(vals)]))
print(len(out), out[:10])
total = 0
x = 0
for i in range(30000):
    if i == 10000:
        x = 0.0
    if i == 20000:
        x = 10**20
    x += i % 7
    total += int(x) % 1000
print(x, total, type(x).__name__)
acc = []
s = ""
for i in range(5000):
    v = i if i < 2500 else str(i)
    s = s + (v if isinstance(v, str) else chr(65 + v % 26))
print(len(s), s[2490:2510])
