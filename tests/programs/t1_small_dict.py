# Dicts around the scan/index boundary (8 entries, holes included): growth past it,
# deletions that leave holes, compaction back below it, keys equal across types, and
# instance dicts that grow, shrink and grow again under specialized attribute sites.


def show(d):
    print(len(d), list(d.items()))


d = {}
for i in range(12):
    d["k%d" % i] = i
    if i in (6, 7, 8, 9):
        print(i, d.get("k0"), d.get("k%d" % i), "k%d" % (i + 1) in d)
show(d)
for i in range(0, 12, 2):
    del d["k%d" % i]
show(d)
for i in range(12, 30):
    d["k%d" % i] = i
for i in range(12, 28):
    del d["k%d" % i]
show(d)
print([d.get("k%d" % i) for i in range(30)])

# Keys equal across types: 1, 1.0 and True are one key; so are 0, 0.0 and False.
e = {1: "int", 2.5: "float", "x": "str"}
e[1.0] = "float-one"
e[True] = "true"
e[0] = "zero"
e[False] = "false"
print(e, len(e))
for k in range(3, 12):
    e[k] = k * k
e[1.0] = "again"
del e[3]
print(e, len(e), e[True], e.get(0.0))


# Hash collisions that are not equal.
class Same:
    def __init__(self, tag):
        self.tag = tag

    def __hash__(self):
        return 7

    def __eq__(self, other):
        return isinstance(other, Same) and other.tag == self.tag

    def __repr__(self):
        return "Same(%r)" % self.tag


c = {}
for t in "abcdefghijk":
    c[Same(t)] = t
print(len(c), c[Same("a")], c[Same("k")], Same("z") in c)
for t in "abcdefgh":
    del c[Same(t)]
print(c)
c[7] = "seven"
print(c, c.get(7), c.get(Same("i")))


# Instance dicts under hot attribute sites.
class Bag:
    pass


def fill(b, n):
    for i in range(n):
        setattr(b, "a%d" % i, i)


def total(b):
    return b.a0 + b.a1 + b.a2


bags = []
for n in (3, 9, 12, 3):
    b = Bag()
    fill(b, n)
    bags.append(b)
acc = 0
for _ in range(200):
    for b in bags:
        acc += total(b)
print(acc)
b = bags[2]
for i in range(3, 12):
    delattr(b, "a%d" % i)
print(sorted(vars(b).items()))
for _ in range(50):
    acc += total(b)
fill(b, 10)
print(acc, len(vars(b)), b.a9)
del b.a1
try:
    total(b)
except AttributeError as ex:
    print("AttributeError:", ex)
