def noisy(v, log):
    log.append(v)
    return v
log = []
print(noisy(1, log) < noisy(2, log) < noisy(0, log) < noisy(5, log), log)
log = []
print(noisy(1, log) < noisy(2, log) <= noisy(2, log) != noisy(3, log), log)
x = 5
print(1 < x < 10, 10 > x > 6, x == 5 == 5.0, 1 < x > 3, 0 <= x < 5, x in [5] in [[5]], x is not None is not False)
print(1 < 2 > 1.5, "a" < "b" < "c", [1] < [1, 0] < [2], (1, 2) == (1, 2) != (2, 1))
c = 0
for i in range(10000):
    if 100 < i <= 200 or 5000 <= i < 5010:
        c += 1
print(c)
print(not 1 < 2, not (1 > 2), 1 < 2 and 3 or 4, 0 or [] or {}, 1 and 0 and 2, None or "default")
print((1 and 2) + 1, [] and 5, 0.0 or 0, "" or None)
