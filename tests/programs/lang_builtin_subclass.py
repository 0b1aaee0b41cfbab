# Subclassing list, dict and tuple: instances are the builtin object with attributes of
# their own; the builtin methods and operators work on them; overridden dunders win;
# super() reaches the builtin methods; __missing__ on dict subclasses; tuple subclasses
# made in __new__.

class Stack(list):
    def __init__(self, *items):
        super().__init__(items)
        self.pushes = len(items)

    def push(self, x):
        self.append(x)
        self.pushes += 1

    def peek(self):
        return self[-1]


s = Stack(1, 2)
s.push(3)
s.extend([4, 5])
print(s, len(s), s.peek(), s.pushes, s[1:3], type(s[1:3]).__name__, 3 in s, s.index(4))
print(isinstance(s, list), type(s).__name__, s == [1, 2, 3, 4, 5], s + [6], sorted(s, reverse=True))
print(list(reversed(s)), [x * 2 for x in s], sum(s), bool(Stack()), s.pop(), s)
s.sort(key=lambda v: -v)
print(s, s.__dict__, repr(s), str(s))


class OrderedCollection(list):
    pass


oc = OrderedCollection()
for i in range(5):
    oc.append(i * i)
oc.remove(4)
oc.insert(0, -1)
print(oc, len(oc), oc[-1], OrderedCollection([3, 1]), OrderedCollection("ab"))
del oc[0]
oc[0] = 100
print(oc, oc.count(100), oc * 2)


class Loud(list):
    def __getitem__(self, i):
        return ("got", list.__getitem__(self, i))

    def __len__(self):
        return 42

    def __iter__(self):
        yield "custom"

    def __repr__(self):
        return "Loud(" + super().__repr__() + ")"

    def __eq__(self, other):
        return True

    def __add__(self, other):
        return "added"

    def __contains__(self, x):
        return x == "anything"


ld = Loud([1, 2])
print(ld[0], len(ld), list(ld), repr(ld), ld == [9], ld + [1], "anything" in ld, 1 in ld, bool(ld))


class Counter(dict):
    def __missing__(self, key):
        return 0

    def add(self, key):
        self[key] = self[key] + 1


c = Counter()
for w in "the cat the hat the end".split():
    c.add(w)
print(sorted(c.items()), c["zzz"], "zzz" in c, len(c), isinstance(c, dict), c.get("cat"))


class AttrDict(dict):
    def __getattr__(self, name):
        try:
            return self[name]
        except KeyError:
            raise AttributeError(name)

    def __setattr__(self, name, value):
        self[name] = value


a = AttrDict(x=1, y=2)
a.z = 3
print(a.x, a.z, sorted(a), a == {"x": 1, "y": 2, "z": 3}, dict(a) == a)
try:
    a.missing
except AttributeError as e:
    print("AttributeError", e)


class Defaults(dict):
    def __init__(self, default, *args, **kw):
        super().__init__(*args, **kw)
        self.default = default

    def __getitem__(self, key):
        if key in self:
            return super().__getitem__(key)
        return self.default

    def __setitem__(self, key, value):
        super().__setitem__(key, value * 10)


d = Defaults("none", [("a", 1)], b=2)
d["c"] = 3
print(d["a"], d["b"], d["c"], d["q"], d.default, len(d), sorted(d.keys()))


class Point(tuple):
    def __new__(cls, x, y):
        return super().__new__(cls, (x, y))

    @property
    def x(self):
        return self[0]

    @property
    def y(self):
        return self[1]

    def __repr__(self):
        return "Point(%r, %r)" % self


p = Point(3, 4)
x, y = p
print(p, p.x, p.y, x + y, len(p), p == (3, 4), hash(p) == hash((3, 4)), p + (5,), isinstance(p, tuple))
print(sorted([Point(2, 1), Point(1, 2)]), {p: "here"}[(3, 4)], max(p), tuple(p), list(p))


class Pair(tuple):
    pass


pr = Pair([7, 8])
pr_items = list(pr)
print(pr, pr_items, type(pr).__name__, Pair(), pr.count(7))
try:
    Pair(1, 2)
except TypeError as e:
    print("TypeError", e)

# Unhashable, like their base.
for v in (Stack(), Counter()):
    try:
        hash(v)
    except TypeError as e:
        print("TypeError", e)

# A cycle through a subclass instance's attributes is collected.
import gc
class Node(list):
    pass
for i in range(50):
    n1, n2 = Node([i]), Node([i + 1])
    n1.other, n2.other = n2, n1
    n1.append(n2)
print(gc.collect() >= 0)

# Hot loops over subclass instances (specialized code must not run for them).
total = 0
oc2 = OrderedCollection(range(10))
cnt = Counter()
for i in range(500):
    total += oc2[i % 10] + len(oc2)
    cnt[i % 7] = cnt[i % 3] + 1
    total += p[i % 2]
print(total, sorted(cnt.items()))


# int subclasses: the value and arithmetic of an int (results are plain ints), attributes
# of their own, overrides that win, __new__ with extra arguments, truth of zero.
class MyInt(int):
    def double(self):
        return self * 2


m = MyInt(21)
m.tag = "t"
print(m, m + 1, m.double(), type(m).__name__, type(m + 1).__name__, m == 21, hash(m) == hash(21), m.tag)
print(repr(m), str(m), f"{m:04d}", int(m), type(int(m)).__name__, float(m), -m, abs(MyInt(-3)), m // 4, m % 4)
print([0, 1, 2][MyInt(1)], range(MyInt(3)), m < 30, sorted([MyInt(3), 1, 2]), isinstance(m, int), MyInt(), MyInt("ff", 16))


class Big(int):
    def __repr__(self):
        return "Big(%d)" % self

    def __add__(self, other):
        return Big(int(self) + other)


b = Big(10**20)
print(b, b + 1, type(b + 1).__name__, b > 10, {b: 1}[10**20], str(b))


class Named(int):
    def __new__(cls, value, name):
        self = super().__new__(cls, value)
        self.name = name
        return self


f = Named(4, "four")
print(f, f.name, f | 1, f & 4, f << 1, bool(Named(0, "zero")), bool(f))

tot = 0
for i in range(300):
    tot += MyInt(i) % 7 + f
print(tot)


# __slots__ = () takes the instance dict away; dict.__eq__ from an override compares the
# dicts; a subclass of dict is subscriptable like dict; copy and deepcopy of instances.
class Frozen(tuple):
    __slots__ = ()


try:
    Frozen((1,)).z = 1
except AttributeError as e:
    print("AttributeError", e)


class EqDict(dict):
    def __eq__(self, other):
        return dict.__eq__(self, other)


print(EqDict(a=1) == EqDict(a=1), EqDict(a=1) == EqDict(a=2), EqDict[str, int], OrderedCollection[int])
import copy
lc = Stack(1, [2])
lc.note = "n"
dc = copy.deepcopy(lc)
print(dc, type(dc).__name__, dc.note, dc[1] is lc[1], copy.copy(pr), type(copy.copy(c)).__name__, copy.copy(c) == c)


# __len__ may return an int subclass instance (an IntEnum member, say).
class Sized3:
    def __len__(self):
        return MyInt(3)


print(len(Sized3()), bool(Sized3()), hash(bytes(2)) == hash(b"\x00\x00"))
