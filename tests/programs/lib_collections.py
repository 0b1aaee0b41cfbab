# collections: deque (both ends, maxlen, rotation, indexing, errors) and ChainMap.
from collections import ChainMap, deque

d = deque([1, 2, 3])
d.append(4)
d.appendleft(0)
print(d, len(d), d[0], d[-1], 3 in d, d.index(3), d.count(2))
print(d.pop(), d.popleft(), d)
d.extend([7, 8])
d.extendleft([-1, -2])
print(d, list(reversed(d)))
d.rotate(2)
print(d)
d.rotate(-3)
print(d)
d[1] = 99
del d[0]
print(d, d.copy() == d, d.copy() is d)
d.insert(1, "x")
d.remove("x")
d.reverse()
print(d, d + deque([0]), deque([1]) * 3)
d.clear()
print(d, bool(d))
for bad in (lambda: d.pop(), lambda: deque().popleft(), lambda: deque([1])[5], lambda: deque([1]).remove(2), lambda: deque(maxlen=-1)):
    try:
        bad()
    except (IndexError, ValueError) as e:
        print(type(e).__name__, e)

m = deque(maxlen=3)
for i in range(6):
    m.append(i)
print(m, m.maxlen)
m.appendleft(-1)
print(m)
try:
    m.insert(0, 5)
except IndexError as e:
    print("IndexError", e)

# A sliding window in a hot loop.
window = deque(maxlen=4)
sums = []
for i in range(300):
    window.append(i * i % 17)
    if i % 50 == 0:
        sums.append(sum(window))
print(sums)

# A queue: popleft in a loop.
q = deque(range(100))
seen = 0
while q:
    x = q.popleft()
    if x % 7 == 0 and x < 50:
        q.append(x + 100)
    seen += 1
print(seen)

base = {"a": 1, "b": 2}
over = {"b": 20, "c": 30}
cm = ChainMap(over, base)
print(cm["a"], cm["b"], cm["c"], len(cm), sorted(cm), "a" in cm, cm.get("z", -1))
child = cm.new_child({"a": 100})
print(child["a"], child.parents["a"], child.maps[1] is over)
cm["d"] = 4
del cm["b"]
print(over, base, repr(ChainMap({1: 2})))
try:
    del cm["a"]
except KeyError as e:
    print("KeyError", e)
