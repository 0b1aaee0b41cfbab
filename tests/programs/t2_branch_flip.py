# Hot branches whose direction flips: always true, then alternating, then always false; nested loops with break/continue.
def cond(i):
    if i < 600:
        return True
    if i < 1200:
        return i % 2 == 0
    return False
taken = 0
not_taken = 0
acc = 0
for i in range(1800):
    if cond(i):
        taken += 1
        acc += i
    else:
        not_taken += 1
        acc -= i // 2
    if i % 150 == 0 or i == 599 or i == 1199:
        print("flip", i, taken, not_taken, acc)
print("flip", taken, not_taken, acc)
# the branch condition is a data value that changes pattern in phases
pattern = []
for i in range(1500):
    if i < 500:
        pattern.append(1)
    elif i < 1000:
        pattern.append(i % 3 == 0)
    else:
        pattern.append(0)
s = 0
runs = []
run = 0
prev = None
for i in range(1500):
    p = pattern[i]
    if p:
        s += 3
    elif i % 7 == 0:
        s -= 1
    else:
        s += 0
    b = bool(p)
    if b == prev:
        run += 1
    else:
        if prev is not None:
            runs.append(run)
        run = 1
        prev = b
runs.append(run)
print("pattern", s, len(runs), runs[:6], runs[-4:], max(runs))
# nested loops: inner loop breaks early at a point that moves with the outer index
found = []
inner_total = 0
for i in range(60):
    for j in range(100):
        inner_total += 1
        if j * j > i * 30:
            found.append(j)
            break
        if j % 3 == 1:
            continue
        inner_total += 2
    else:
        found.append(-1)
print("found", found)
print("inner_total", inner_total)
# break/continue with loop-else; the break becomes reachable only later in the run
hits = []
for i in range(400):
    limit = 10 if i < 200 else 3
    k = 0
    while k < 8:
        k += 1
        if k % 2 == 0:
            continue
        if k > limit:
            break
    else:
        hits.append(0)
        continue
    hits.append(k)
print("hits", hits[195:210], sum(hits), hits.count(0))
# short-circuit and/or whose operands change truthiness over time
vals = [0, 1, "", "x", [], [0], None, 2.5]
andc = 0
orc = 0
for i in range(2400):
    a = vals[i % 8] if i < 1200 else vals[(i * 3) % 8]
    b = vals[(i // 8) % 8]
    if a and b:
        andc += 1
    if a or b:
        orc += 1
    r = a or b
    if i % 300 == 0:
        print("andor", i, andc, orc, repr(r), repr(a and b))
print("andor", andc, orc)
# a guard on a counter that becomes false in the middle of a tight while loop
n = 0
steps = 0
flag = True
while steps < 3000:
    steps += 1
    if flag:
        n += 2
        if n > 2500:
            flag = False
    else:
        n -= 1
        if n % 97 == 0:
            flag = n < 1000
    if steps % 250 == 0:
        print("guard", steps, n, flag)
print("guard", steps, n, flag)
