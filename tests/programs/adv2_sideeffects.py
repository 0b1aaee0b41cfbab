log = []
def v(x):
    log.append(x)
    return x
print(v(1) < v(2) < v(3), log)
log.clear()
print(v(1) < v(0) < v(3), log)
log.clear()
print(v(0) or v(2) and v(0) or v(5), log)
log.clear()
print(v(1) and v(0) and v(9), log)
log.clear()
print(v(3) == v(3) != v(4) is not None, log)
log.clear()
r = [v(i) for i in range(3)][v(1)]
print(r, log)
log.clear()
d = {v("a"): v(1), v("b"): v(2)}
print(log)
log.clear()
v(f := [0, 0])[v(0)] = v(9)
print(f, log)
log.clear()
x = v(1) if v(0) else v(2)
print(x, log)
log.clear()
def args(*a, **kw):
    return a
args(v(1), v(2), *[v(3)], k=v(4))
print(log)
log.clear()
v([1, 2])[v(0):v(1)] = v([7, 8])
print(log)
cnt = 0
def bump():
    global cnt
    cnt += 1
    return cnt
s = 0
for i in range(50000):
    if i % 2 == 0 and bump() % 3 == 0 or i % 7 == 0:
        s += 1
print(s, cnt)
print(1 < 2 < 3 < 4 > 2 == 2, 1 < 2 > 3 < 4, 0 in [0] in [[0]], (1 if 0 else 2) if 3 else 4)
print(not 1 == 2, not (1 and 0), [] or {} or 0 or "" or None, [] and 1, 5 and "z")
