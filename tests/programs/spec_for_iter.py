# FOR_ITER sites over ranges (huge/negative/empty), lists mutated mid-loop, tuples, strs, generators.
def consume(it):
    n = 0
    s = 0
    last = None
    for x in it:
        n += 1
        if isinstance(x, int):
            s += x
        elif isinstance(x, str):
            s += ord(x)
        elif isinstance(x, float):
            s += int(x * 4)
        last = x
    return n, s, last
big = 2**70
sources = [
    lambda: range(50),
    lambda: range(10, -10, -3),
    lambda: range(big, big + 40, 7),
    lambda: range(-2**63 - 5, -2**63 + 5),
    lambda: range(2**62 - 3, 2**62 + 3),
    lambda: range(5, 5),
    lambda: range(0, 2**100, 2**95),
    lambda: [1, 2.5, "a", 4],
    lambda: (9, 8, 7),
    lambda: "h\u00e9llo",
    lambda: (c * 2 for c in range(6)),
    lambda: {3: "x", 1: "y", 2: "z"},
    lambda: iter([7, 7]),
    lambda: reversed([1, 2, 3]),
    lambda: enumerate("ab"),
    lambda: map(abs, [-1, -2]),
    lambda: range(100, -100, -1)[::7],
    lambda: {5, 1, 3},
]
totals = []
for rep in range(60):
    for mk in sources:
        r = consume(mk())
        if rep == 0:
            totals.append(r)
        elif r != totals[sources.index(mk)]:
            print("mismatch", rep, r)
for t in totals:
    print(t)
# a list appended to while being iterated (bounded), and shrunk while iterated
grow = [1, 2, 3]
steps = 0
for x in grow:
    steps += 1
    if len(grow) < 800:
        grow.append(x + len(grow))
print(steps, len(grow), grow[-1], sum(grow))
shrink = list(range(600))
seen = 0
for x in shrink:
    seen += x
    if x % 3 == 0 and shrink:
        shrink.pop()
print(seen, len(shrink))
rem = list(range(40))
visited = []
for x in rem:
    visited.append(x)
    if x % 2 == 0:
        rem.remove(x)
print(visited, rem)
# range boundaries with negative steps and len()
acc = 0
for step in (-1, -2, -7, 3, 11):
    for start in (-5, 0, 17, 2**61 - 2, -2**61 + 2):
        r = range(start, start + 13 * (1 if step > 0 else -1), step)
        for v in r:
            acc += v % 1000
        acc += len(r) * 10000 + (r[-1] % 97 if len(r) else 0)
print(acc)
try:
    print(len(range(0, 2**100, 3)))
except OverflowError as e:
    print("OverflowError", e)
# (subscripting ranges with bounds beyond 64 bits is unsupported in tracelift)
print(range(10, -10, -3)[2], list(range(0, -10, -4)))
# break/continue/else inside a loop whose iterable type changes each outer pass
outs = []
for k in range(400):
    it = [range(k % 9), tuple(range(k % 5)), "abcdefg"[: k % 8], [k] * (k % 4)][k % 4]
    found = None
    for x in it:
        if x == 3 or x == "d":
            found = x
            break
        if x == 1:
            continue
    else:
        found = "none"
    if k < 12:
        outs.append(found)
print(outs)
# nested loops where the inner iterable is exhausted and re-created
total = 0
shared = iter(range(1000))
for i in range(50):
    for v in shared:
        total += v
        if v % 37 == 36:
            break
print(total, next(shared, "done"))
# zip of different iterable kinds
z = 0
for rep in range(200):
    for a, b, c in zip(range(5), "abcde", (2.5, 3, True, None, [1])):
        z += a + len(b) + (c if isinstance(c, int) else 1)
print(z)
