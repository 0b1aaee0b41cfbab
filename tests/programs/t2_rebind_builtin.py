# Builtins (len, abs, min) shadowed by module globals mid-loop via globals()[...] and `global`, then deleted with del.
def size(x):
    return len(x)
def mag(x):
    return abs(x)
data = ["a", "bb", "ccc", [1, 2, 3, 4], (5,)]
acc = 0
for i in range(2000):
    acc += size(data[i % 5])
    if i == 500:
        globals()["len"] = lambda x: 100
    if i == 900:
        del globals()["len"]
    if i == 1300:
        len = lambda x: -1
    if i == 1700:
        del len
    if i % 200 == 0:
        print("len", i, acc, size("xyz"))
print("acc", acc, size([0] * 9), "len" in globals())
def shadow_abs(flag):
    global abs
    if flag:
        abs = lambda x: x * 10
    else:
        del abs
m = 0
for i in range(1800):
    m += mag(i % 7 - 3)
    if i == 600:
        shadow_abs(True)
    if i == 1200:
        shadow_abs(False)
    if i % 300 == 0:
        print("abs", i, m, mag(-4))
print("m", m, mag(-2.5))
# deleting a shadowing global while a loop keeps calling through it: NameError never raised, builtin comes back
hist = []
for round_no in range(4):
    t = 0
    for i in range(400):
        t += min(i, 200 - i % 50)
        if i == 200 and round_no % 2 == 1:
            globals()["min"] = max
    hist.append(t)
    if "min" in globals():
        del globals()["min"]
print("hist", hist)
# del of a builtin name that was never shadowed raises NameError
errs = 0
for i in range(500):
    try:
        if i % 100 == 0:
            del sorted
    except NameError as e:
        errs += 1
        msg = str(e)
print("errs", errs, msg)
# shadow a builtin with a value that is not callable; calls fail with TypeError, then restore
fails = 0
good = 0
for i in range(900):
    try:
        good += len("abcd")
    except TypeError as e:
        fails += 1
        tmsg = str(e)
    if i == 300:
        len = 5
    if i == 600:
        del len
print("fails", fails, good, tmsg)
