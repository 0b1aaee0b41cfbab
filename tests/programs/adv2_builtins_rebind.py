import builtins
res = []
for i in range(2000):
    if i == 500:
        len = lambda x: 42
    if i == 1000:
        del len
    if i == 1500:
        builtins.len = lambda x: -1
    res.append(len([1, 2, 3]))
    if i == 1800:
        builtins.len = _orig_len if False else __import__('builtins').__dict__['abs'] and (lambda x: 3)
print(res[499], res[500], res[999], res[1000], res[1500], res[1900])
del builtins.len
try:
    len([1])
except NameError as e:
    print("NameError", e)
def fixlen(x):
    n = 0
    for _ in x:
        n += 1
    return n
builtins.len = fixlen
print(len("hello"))
cnt = 0
def myrange(n):
    global cnt
    cnt += 1
    return [0, 1]
orig_range = range
out = 0
for j in orig_range(100):
    if j == 50:
        range = myrange
    for k in range(3):
        out += 1
print(out, cnt)
del range
print(list(range(3)))
oi = isinstance
acc = []
for i in range(300):
    if i == 100:
        isinstance = lambda a, b: "fake"
    if i == 200:
        del isinstance
    acc.append(isinstance(i, int))
print(acc[99], acc[100], acc[199], acc[200])
_print = print
lines = []
for i in range(10):
    if i == 5:
        print = lambda *a, **k: lines.append(a)
    print("line", i)
del print
print(lines)
