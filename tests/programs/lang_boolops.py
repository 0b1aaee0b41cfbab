# and/or/not short-circuit and value semantics.
print(1 and 2, 0 and 2, 1 or 2, 0 or 2, None or "x", "" or [] or 0)
print([] and 1, [0] and 1, not [], not [0], not None)
print(0 or None, 3 and 0 or 9, (1 and [1, 2]))
log = []
def t(v):
    log.append(v)
    return v
r = t(0) and t(1)
print(r, log)
log.clear()
r = t(1) or t(2)
print(r, log)
log.clear()
r = t(0) or t("") or t("last")
print(r, log)
log.clear()
r = t(1) and t(2) and t(3)
print(r, log)
n = 0
for i in range(5000):
    if (i % 3 == 0 and i % 5 == 0) or (i % 7 == 0 and not i % 2):
        n += 1
print("n", n)
vals = []
for i in range(20):
    vals.append(i % 4 and i % 3 or -1)
print(vals)
print(bool(0.0), bool(-0.0), bool(0.1), bool("0"), bool(()), bool((0,)), bool({}), bool(set()))
