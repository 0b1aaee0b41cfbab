# Globals (a constant and functions) rebound halfway through hot loops that read them every iteration.
FACTOR = 3
OFFSET = 7
def transform(x):
    return x * FACTOR + OFFSET
def op(a, b):
    return a + b
acc = 0
for i in range(2000):
    acc = op(acc, transform(i % 11)) % 1000003
    if i % 250 == 0:
        print("i", i, "acc", acc, "FACTOR", FACTOR)
    if i == 700:
        FACTOR = 5
    if i == 1000:
        def op(a, b):
            return a - b + 1000003
    if i == 1300:
        FACTOR = 2.5
    if i == 1600:
        FACTOR = 2
        OFFSET = -1
        op = max
print("final", acc, FACTOR, OFFSET)
# a function rebinding its own global from inside the hot loop
COUNT = 0
LIMIT = 100
def bump():
    global COUNT, LIMIT
    COUNT += 1
    if COUNT == LIMIT:
        LIMIT = LIMIT * 3
        return 1
    return 0
hits = 0
for i in range(3000):
    hits += bump()
    if i % 500 == 499:
        print("bump", i, COUNT, LIMIT, hits)
# a global table replaced (new object) vs mutated in place while a loop reads it
TABLE = [1, 2, 3, 4]
def lookup(k):
    return TABLE[k % len(TABLE)]
s = 0
for i in range(1500):
    s += lookup(i)
    if i == 300:
        TABLE = [10, 20]
    if i == 600:
        TABLE.append(30)
    if i == 900:
        TABLE = (100, 200, 300, 400, 500)
    if i == 1200:
        TABLE = "abcdef"
        s = str(s)
    if i % 150 == 0:
        print("lookup", i, s)
print("s", s, TABLE)
# the global read is the loop bound helper; rebinding it changes trip counts of inner loops
def width():
    return 3
total = 0
for i in range(600):
    for j in range(width()):
        total += j
    if i == 200:
        width = lambda: 5
    if i == 400:
        width = lambda: 0
    if i % 100 == 0:
        print("width", i, total)
print("total", total)
