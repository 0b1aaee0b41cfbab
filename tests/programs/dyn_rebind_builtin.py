# Rebinding builtins mid-loop: shadow len with a global, then del restores the builtin.
data = [1, 2, 3]
total = 0
for i in range(1000):
    if i == 500:
        len = lambda x: 42
    if i == 750:
        del len
    total += len(data)
print("total", total)
def uses_len(x):
    return len(x)
r = []
for i in range(300):
    if i == 100:
        len = lambda x: -1
    if i == 200:
        del len
    r.append(uses_len("abcd"))
print(r[99], r[100], r[199], r[200], sum(r))
acc = 0
for i in range(600):
    if i == 200:
        abs = lambda v: 1000
    if i == 400:
        del abs
    acc += abs(-i)
print("acc", acc)
seen = []
for i in range(30):
    if i == 10:
        print = lambda *a, **k: seen.append(a)
    if i == 20:
        del print
    print("iteration", i)
print("captured", len(seen), seen[0], seen[-1])
def maxer(xs):
    return max(xs)
vals = []
for i in range(200):
    if i == 50:
        max = min
    if i == 150:
        del max
    vals.append(maxer([i, 1000, -i]))
print(vals[49], vals[50], vals[149], vals[150])
try:
    del len
except NameError as e:
    print("NameError:", e)
