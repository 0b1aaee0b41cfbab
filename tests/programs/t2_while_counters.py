# while loops with several exits, counters growing into big ints, and `while True` loops broken on changing conditions.
# counter doubling past 2**63 and beyond inside a while loop
n = 1
steps = 0
while n < 2 ** 200:
    n = n * 2 + steps % 3
    steps += 1
    if steps % 20 == 0:
        print("double", steps, n, n > 2 ** 63)
print("double", steps, n)
# additive counter crossing the 63-bit boundary by small steps
c = 2 ** 63 - 1000
k = 0
while c < 2 ** 63 + 1000:
    c += 7
    k += 1
    if c > 2 ** 63 - 10 and c < 2 ** 63 + 10:
        print("cross", k, c, c - 2 ** 63)
print("cross", k, c, c - 2 ** 63, -c < -(2 ** 63))
# negative counter crossing -2**63
c = -(2 ** 63) + 500
k = 0
while c > -(2 ** 63) - 500:
    c -= 3
    k += 1
    if -(2 ** 63) - 4 < c < -(2 ** 63) + 4:
        print("negcross", k, c, c + 2 ** 63)
print("negcross", k, c)
# while True with multiple breaks, which exit fires depends on the input
def collatz_like(x, limit):
    steps = 0
    peak = x
    while True:
        if x == 1:
            reason = "one"
            break
        if steps >= limit:
            reason = "limit"
            break
        if x > 20000:
            reason = "big"
            break
        if x % 2 == 0:
            x = x // 2
        else:
            x = 3 * x + 1
        if x > peak:
            peak = x
        steps += 1
    return reason, steps, peak
reasons = {}
tot_steps = 0
for start in range(1, 400):
    reason, st, pk = collatz_like(start * 7 + 1, 60 + start % 40)
    reasons[reason] = reasons.get(reason, 0) + 1
    tot_steps += st
    if start % 50 == 0:
        print("collatz", start, reason, st, pk)
print("collatz", sorted(reasons.items()), tot_steps)
# while loop with else, exiting via break sometimes and via condition other times
def find_factor(m):
    d = 2
    while d * d <= m:
        if m % d == 0:
            break
        d += 1
    else:
        return 0
    return d
fs = []
for m in range(1000, 1100):
    fs.append(find_factor(m))
print("factors", fs)
primes = [m for m, f in zip(range(1000, 1100), fs) if f == 0]
print("primes", primes)
# nested while loops with continue; inner counter reset; outer exits on a computed condition
i = 0
acc = 0
outer = 0
while True:
    outer += 1
    j = 0
    while j < outer % 13:
        j += 1
        if (i + j) % 4 == 0:
            continue
        acc += i * j
        i += 1
    if acc > 10 ** 7:
        break
    if outer > 5000:
        print("outer limit hit")
        break
    if outer % 100 == 0:
        print("nested", outer, i, acc)
print("nested", outer, i, acc)
# factorial-style counters in a while loop produce huge ints; digit sum computed by a second while loop
f = 1
m = 1
while m <= 300:
    f *= m
    m += 1
digits = 0
dsum = 0
x = f
while x:
    dsum += x % 10
    x //= 10
    digits += 1
print("fact", digits, dsum, f % (10 ** 9 + 7), f.bit_length())
# countdown with a step that changes mid-loop and an early exit
v = 10000
step = 1
hits = 0
while v > 0:
    v -= step
    if v % 1000 == 0:
        hits += 1
        step = step * 2 + 1
        print("count", v, step)
    if v < 1240 and v % 2 == 0:
        print("early", v)
        break
print("count", v, step, hits)
