# Reference cycles among instances, lists, dicts and tuples: unreachable ones are freed by the
# cycle collector, reachable ones keep their contents through collections.
import gc


class Node:
    def __init__(self, name):
        self.name = name
        self.peer = None
        self.kids = []


def make_garbage(n):
    for i in range(n):
        a = Node("a%d" % i)
        b = Node("b%d" % i)
        a.peer = b
        b.peer = a
        a.kids.append(a)
        lst = [i]
        lst.append(lst)
        d = {"self": None, "n": i}
        d["self"] = d
        t = ([d, lst],)
        t[0].append(t)


keep = []
for i in range(200):
    n = Node("k%d" % i)
    n.peer = n
    n.kids.append((n, [n.name], {"i": i}))
    keep.append(n)
ring = [Node("r%d" % i) for i in range(50)]
for i, r in enumerate(ring):
    r.peer = ring[(i + 1) % len(ring)]

print(gc.isenabled())
for round_ in range(5):
    make_garbage(3000)
    gc.collect()
    # Everything still reachable is intact.
    total = 0
    for n in keep:
        assert n.peer is n
        kid, names, d = n.kids[0]
        assert kid is n and names == [n.name]
        total += d["i"]
    walk = ring[0]
    for _ in range(len(ring)):
        walk = walk.peer
    print(round_, total, walk.name, len(keep))

gc.disable()
print(gc.isenabled())
make_garbage(100)
gc.enable()
print(gc.isenabled(), gc.collect() >= 0)

# A cycle made and dropped inside a hot loop that tier 2 traces.
def churn(n):
    s = 0
    for i in range(n):
        x = [i]
        x.append(x)
        y = {"x": x}
        x.append(y)
        s += len(x)
    return s
print(churn(20000))
