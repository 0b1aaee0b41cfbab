# The shipped `heapq`: heap order after every push/pop/replace/pushpop/heapify (CPython's
# exact lists), nlargest/nsmallest with and without key, merge with key and reverse, the
# C module's errors, and a hot loop of pushes and pops (a heap sort and a k-way merge).
import heapq

h = []
for v in [5, 3, 8, 1, 9, 2, 7, 1, 6, 4, 0]:
    heapq.heappush(h, v)
    print("push", v, h)
while h:
    v = heapq.heappop(h)
    print("pop", v, h)

data = [9, 4, 7, 1, 8, 2, 6, 3, 5, 0, 11, 10]
heapq.heapify(data)
print("heapify", data)
print("replace", heapq.heapreplace(data, 12), data)
print("replace", heapq.heapreplace(data, -1), data)
print("pushpop", heapq.heappushpop(data, -5), data)
print("pushpop", heapq.heappushpop(data, 6), data)
print("pushpop empty", heapq.heappushpop([], 3))
words = ["pear", "fig", "apple", "kiwi", "banana", "cherry", "date"]
heapq.heapify(words)
print(words)
pairs = [(3, "c"), (1, "z"), (3, "a"), (1, "b"), (2, "q")]
heapq.heapify(pairs)
print(pairs, [heapq.heappop(pairs) for _ in range(3)], pairs)


class Item:
    # Only `<` is defined: heapq must never use anything else.
    def __init__(self, k, tag):
        self.k = k
        self.tag = tag

    def __lt__(self, other):
        return self.k < other.k


items = [Item(k, i) for i, k in enumerate([4, 2, 4, 1, 2, 4, 1, 3])]
heapq.heapify(items)
print([(it.k, it.tag) for it in items])
print([heapq.heappop(items).tag for _ in range(len(items))])

# Big heapify (CPython's C heapify switches to a cache-friendly order above 2500 items;
# the heap it builds is the same).
big = [(i * 7919) % 3001 for i in range(3001)]
heapq.heapify(big)
print(big[:20], sum(i * v for i, v in enumerate(big)))

print(heapq.nlargest(3, [5, 1, 8, 3, 9, 2]), heapq.nsmallest(3, [5, 1, 8, 3, 9, 2]))
print(heapq.nlargest(3, iter([5, 1, 8, 3, 9, 2])), heapq.nsmallest(3, iter([5, 1, 8, 3, 9, 2])))
print(heapq.nlargest(1, [4, 7, 2]), heapq.nsmallest(1, iter([4, 7, 2])), heapq.nlargest(1, []))
print(heapq.nlargest(0, [1, 2]), heapq.nsmallest(-2, iter([1, 2])), heapq.nlargest(10, [3, 1, 2]))
print(heapq.nsmallest(10, iter([3, 1, 2])), heapq.nlargest(2, iter([])))
ws = ["bb", "a", "dddd", "ccc", "ee", "f", "gggg", "hh"]
print(heapq.nlargest(3, ws, key=len), heapq.nsmallest(3, ws, key=len))
print(heapq.nlargest(3, iter(ws), key=len), heapq.nsmallest(3, iter(ws), key=len))
print(heapq.nsmallest(1, ws, key=len), heapq.nlargest(1, iter(ws), key=len))
mixed = [1, 1.0, 2, 2.0, True, 0, 0.0, False]
print(heapq.nlargest(4, iter(mixed)), heapq.nsmallest(4, iter(mixed)))
print([(it.k, it.tag) for it in heapq.nsmallest(4, iter([Item(k, i) for i, k in enumerate([3, 1, 3, 1, 2, 1])]))])

print(list(heapq.merge([1, 4, 7], [2, 5, 8], [3, 6, 9])))
print(list(heapq.merge([1, 3, 5], [], [1, 2], [0])), list(heapq.merge()), list(heapq.merge([], [])))
print(list(heapq.merge("adg", "beh", "cf")))
print(list(heapq.merge([9, 5, 1], [8, 4], [7, 6, 0], reverse=True)))
print(list(heapq.merge(["a", "ccc"], ["bb", "dddd"], ["", "eeeee"], key=len)))
print(list(heapq.merge(["eeeee", "bb"], ["ccc", "a"], key=len, reverse=True)))
print(list(heapq.merge([(1, "x"), (2, "x")], [(1, "y"), (2, "y")], key=lambda p: p[0])))
print(list(heapq.merge([3, 1, 2], [2, 0])))
m = heapq.merge([1, 2], [3])
print(type(m).__name__, next(m), list(m))

for call in [lambda: heapq.heappop([]), lambda: heapq.heapreplace([], 1),
             lambda: heapq.heappush((), 1), lambda: heapq.heappop(()),
             lambda: heapq.heapify(None), lambda: heapq.heapreplace("ab", 1),
             lambda: heapq.heappushpop((1,), 2), lambda: heapq.nlargest(2, 5),
             lambda: heapq.nsmallest("x", [1]), lambda: heapq.heappush([1], "a"),
             lambda: heapq.heapify([3, "a", 1])]:
    try:
        print(call())
    except (TypeError, IndexError) as e:
        print(type(e).__name__, e)

# Hot: heap sort, a running top-k with heappushpop, and a k-way merge.
x = 12345
h = []
for i in range(600):
    x = (x * 1103515245 + 12345) % 2147483648
    heapq.heappush(h, x % 1000)
out = []
while h:
    out.append(heapq.heappop(h))
print(len(out), out[:8], out[-8:], out == sorted(out))
top = []
for i in range(500):
    x = (x * 1103515245 + 12345) % 2147483648
    if len(top) < 10:
        heapq.heappush(top, x % 10007)
    else:
        heapq.heappushpop(top, x % 10007)
print(sorted(top), top)
runs = [sorted((i * j * 37) % 101 for j in range(40)) for i in range(1, 8)]
merged = list(heapq.merge(*runs))
print(len(merged), merged[:12], merged == sorted(merged))
s = 0
for i in range(300):
    s += heapq.nsmallest(3, [(i * 13) % 17, (i * 5) % 11, i % 7, (i * 3) % 19, 4])[2]
print(s)
