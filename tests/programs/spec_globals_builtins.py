# LOAD_GLOBAL module/builtin specializations invalidated by rebinding, shadowing and deleting names.
import math
SCALE = 2
def scaled(x):
    return x * SCALE
def measure(x):
    return len(x)
def check(x):
    return isinstance(x, int)
t = 0
for i in range(2000):
    y = scaled(i % 7)
    t += len(y) if i > 1500 else y
    if i == 500:
        SCALE = 3
    if i == 1000:
        SCALE = 0.5
    if i == 1500:
        SCALE = "ab"
print(t, SCALE)
# builtin shadowed by a module global, then the global deleted (builtin comes back)
r = []
acc = 0
for i in range(1500):
    acc += measure("abc")
    if i == 400:
        len = lambda x: 42
    if i == 800:
        del len
    if i == 1100:
        isinstance = lambda x, t: True
    acc += check("s")
    if i % 300 == 299:
        r.append(acc)
del isinstance
print(r, acc, check("s"), measure([1, 2]))
# unrelated globals created/deleted mid-loop change the dict keys but not the looked-up values
def reads():
    return SCALE * 2 + math.floor(2.7)
total = 0
SCALE = 1
for i in range(1200):
    total += reads()
    if i % 100 == 50:
        name_holder = "g%d" % i
        globals()[name_holder] = i
    if i % 100 == 75:
        del globals()[name_holder]
print(total, sorted(k for k in globals() if k.startswith("g") and k[1:].isdigit()))
# a global that is deleted: NameError caught inside the hot loop, then rebound
VALUE = 10
def use():
    return VALUE + 1
errs = 0
s = 0
for i in range(1000):
    try:
        s += use()
    except NameError as e:
        errs += 1
        last = str(e)
    if i == 300:
        del VALUE
    if i == 600:
        VALUE = -5
print(s, errs, last)
# the called function itself is rebound with def inside the loop
def step(x):
    return x + 1
v = 0
for i in range(1500):
    v = step(v)
    if i == 500:
        def step(x):
            return x * 2 % 1000003
    if i == 1000:
        step = abs
        v = -v
print(v)
# range/sum/min shadowed at module level while a loop (not a function) uses them
out = []
for i in range(3):
    out.append(sum(range(5)))
    range = lambda n: [n, n]
    sum = lambda xs: -1
    out.append(sum(range(5)))
    del range
    del sum
    out.append(sum(range(5)))
print(out)
# module attribute load: math.pi/math.sqrt read in a loop while math's attrs are replaced
real_sqrt = math.sqrt
m = 0.0
for i in range(900):
    m += math.sqrt(i % 10) + math.pi
    if i == 300:
        math.sqrt = lambda x: 1.0
    if i == 600:
        math.sqrt = real_sqrt
        math.pi = 3
print(round(m, 6), math.sqrt(16), math.pi)
# builtins module namespace itself: a global named like a builtin only for a while
def pick(xs):
    return max(xs) - min(xs)
q = 0
for i in range(900):
    q += pick([i, i % 7, 3])
    if i == 300:
        max = min
    if i == 600:
        del max
print(q)
