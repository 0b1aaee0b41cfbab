# The shipped `operator`: every function on ints, floats, strings and lists, the in-place
# functions (mutating and not), itemgetter/attrgetter/methodcaller with their reprs and
# argument errors, the dunder aliases, length_hint, and hot loops over sorted(key=...),
# map and reduce-like folds as real programs use them.
import operator
from operator import itemgetter, attrgetter, methodcaller

print(operator.add(2, 3), operator.sub(2, 3), operator.mul(4, 2.5), operator.truediv(7, 2))
print(operator.floordiv(-7, 2), operator.mod(-7, 3), operator.pow(2, 10), operator.pow(2, -1))
print(operator.neg(5), operator.pos(-5), operator.abs(-3.5), operator.inv(5), operator.invert(-1))
print(operator.and_(12, 10), operator.or_(12, 10), operator.xor(12, 10), operator.lshift(3, 4), operator.rshift(100, 3))
print(operator.add("ab", "cd"), operator.mul("ab", 3), operator.add([1], [2]), operator.mod("%d-%s", (1, "x")))
print(operator.lt(1, 2), operator.le(2, 2), operator.eq(1, 1.0), operator.ne("a", "a"), operator.ge(1, 2), operator.gt(3, 2))
print(operator.lt("abc", "abd"), operator.eq([1, 2], [1, 2]), operator.gt((1, 2), (1,)))
print(operator.not_(0), operator.not_([1]), operator.truth([]), operator.truth("x"))
a = [1]
print(operator.is_(a, a), operator.is_(a, [1]), operator.is_not(a, [1]), operator.is_(None, None))
print(operator.index(7), operator.index(True), operator.index(-2 ** 70))
print(operator.and_({1, 2, 3}, {2, 3, 4}), operator.or_({1}, {2}), operator.xor({1, 2}, {2, 3}))
print(operator.concat("ab", "c"), operator.concat([1], [2, 3]), operator.concat((1,), (2,)))
print(operator.contains([1, 2, 3], 2), operator.contains("hello", "ell"), operator.contains({"k": 1}, "v"))
print(operator.countOf([1, 2, 1, 1.0, 3], 1), operator.countOf("banana", "a"), operator.indexOf("banana", "n"))
nan = float("nan")
print(operator.countOf([nan, nan, 1], nan), operator.indexOf([2, nan], nan))
lst = [1, 2, 3, 4]
print(operator.getitem(lst, 1), operator.getitem(lst, slice(1, 3)), operator.getitem({"a": 5}, "a"), operator.getitem("xyz", -1))
operator.setitem(lst, 0, 9)
operator.delitem(lst, 1)
print(lst)
d = {"a": 1}
operator.setitem(d, "b", 2)
operator.delitem(d, "a")
print(d)
print(operator.call(max, 3, 9, 4), operator.call(sorted, [3, 1, 2], reverse=True))


class Vec:
    def __init__(self, x, y):
        self.x = x
        self.y = y

    def __matmul__(self, other):
        return self.x * other.x + self.y * other.y

    def __index__(self):
        return self.x

    def __repr__(self):
        return "Vec(%r, %r)" % (self.x, self.y)


print(operator.matmul(Vec(1, 2), Vec(3, 4)), operator.index(Vec(6, 0)), [10, 20, 30, 40, 50, 60, 70][Vec(6, 0)])

# In-place: mutable objects are changed and returned, immutable ones rebound.
x = [1, 2]
y = operator.iadd(x, [3])
print(x, y, y is x)
y = operator.iconcat(x, (4, 5))
print(x, y is x)
s = operator.iadd("ab", "c")
print(s, operator.imul([0], 3), operator.imul("ab", 2))
print(operator.isub(10, 3), operator.imod(10, 3), operator.ifloordiv(10, 3), operator.itruediv(10, 4))
print(operator.ipow(3, 3), operator.ilshift(1, 5), operator.irshift(64, 2), operator.iand(6, 3), operator.ior(6, 3), operator.ixor(6, 3))
st = {1, 2}
print(operator.ior(st, {3}) is st, st, operator.iand(st, {2, 3}) is st, st, operator.ixor(st, {3, 4}), st)
print(operator.imatmul(Vec(1, 1), Vec(2, 2)))

# The dunder aliases are the same functions.
print(operator.__add__ is operator.add, operator.__lt__(1, 2), operator.__not__(1), operator.__inv__(0))
print(operator.__getitem__("abc", 1), operator.__contains__([1], 1), operator.__iadd__(1, 2), operator.__call__(len, "ab"))
print(operator.__concat__([1], [2]), operator.__index__(5), operator.__abs__(-2), operator.__pow__(2, 3))
print(operator.add.__name__, operator.__add__.__name__, operator.__inv__.__name__, operator.__not__.__name__)


class LH:
    def __init__(self, v):
        self.v = v

    def __length_hint__(self):
        return self.v


class Sized:
    def __len__(self):
        return 4

    def __length_hint__(self):
        return 99


print(operator.length_hint([1, 2, 3]), operator.length_hint("ab", 5), operator.length_hint(5), operator.length_hint(5, 7))
print(operator.length_hint(LH(3), 7), operator.length_hint(LH(NotImplemented), 7), operator.length_hint(Sized()))
for bad in [-1, "x", 2.0]:
    try:
        print(operator.length_hint(LH(bad), 7))
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)

# itemgetter / attrgetter / methodcaller.
g = itemgetter(1)
print(repr(g), g([5, 6, 7]), g("xyz"), g({1: "one"}))
g2 = itemgetter(2, 0, -1)
print(repr(g2), g2("abcdef"), g2([10, 11, 12, 13]))
print(repr(itemgetter("a", (1, 2))), itemgetter(slice(1, None))([1, 2, 3]), itemgetter("k")({"k": "v"}))
rows = [("carol", 31, "x"), ("alice", 25, "y"), ("bob", 31, "a"), ("dave", 25, "b")]
print(sorted(rows, key=itemgetter(1)), sorted(rows, key=itemgetter(1, 0)))
print(list(map(itemgetter(0), rows)), max(rows, key=itemgetter(2)))


class Node:
    def __init__(self, name, child=None):
        self.name = name
        self.child = child

    def greet(self, greeting, punct="!"):
        return "%s, %s%s" % (greeting, self.name, punct)


tree = Node("root", Node("mid", Node("leaf")))
ag = attrgetter("name")
ag2 = attrgetter("child.child.name")
ag3 = attrgetter("name", "child.name")
print(repr(ag), repr(ag2), repr(ag3))
print(ag(tree), ag2(tree), ag3(tree), ag(tree.child))
print(sorted([Node("b"), Node("c"), Node("a")], key=ag)[0].name, attrgetter("real", "imag")(3))
mc = methodcaller("greet", "Hi")
mc2 = methodcaller("greet", "Yo", punct="?")
print(repr(mc), repr(mc2), mc(tree), mc2(tree.child))
print(repr(methodcaller("f", 1, "a", k=2, j=[3])), methodcaller("upper")("abc"), methodcaller("split", ",")("a,b,c"))
print(methodcaller("replace", "a", "o", 1)("banana"), list(map(methodcaller("strip"), [" a ", "b  "])))
print(repr(methodcaller("f", self=1, name=2)))
print(type(g).__name__, type(ag).__name__, type(mc).__name__)

errors = [
    lambda: itemgetter(),
    lambda: itemgetter(1, k=2),
    lambda: itemgetter(1)(),
    lambda: itemgetter(1)([1], [2]),
    lambda: itemgetter(1)(x=1),
    lambda: itemgetter(5)([1]),
    lambda: itemgetter("z")({}),
    lambda: itemgetter(0)(3),
    lambda: attrgetter(),
    lambda: attrgetter(1),
    lambda: attrgetter("a", 2),
    lambda: attrgetter("a")(),
    lambda: attrgetter("a")(1, 2),
    lambda: attrgetter("zz")(1),
    lambda: attrgetter("child.zz")(tree),
    lambda: methodcaller(),
    lambda: methodcaller(1),
    lambda: methodcaller("f")(),
    lambda: methodcaller("nope")(tree),
    lambda: methodcaller("greet")(tree),
    lambda: operator.concat(1, 2),
    lambda: operator.concat({}, {}),
    lambda: operator.concat([1], (2,)),
    lambda: operator.iconcat(1, [2]),
    lambda: operator.countOf(1, 1),
    lambda: operator.indexOf(1, 1),
    lambda: operator.indexOf([1, 2], 3),
    lambda: operator.contains(1, 2),
    lambda: operator.index(1.5),
    lambda: operator.index(None),
    lambda: operator.index("3"),
    lambda: operator.length_hint([], "x"),
    lambda: operator.neg("a"),
    lambda: operator.invert(1.5),
    lambda: operator.add(1, "a"),
    lambda: operator.truediv(1, 0),
    lambda: operator.floordiv(1, 0),
    lambda: operator.mod(1, 0),
    lambda: operator.lt(1, "a"),
    lambda: operator.getitem([1], 3),
    lambda: operator.delitem({}, "k"),
    lambda: operator.setitem((1,), 0, 2),
    lambda: operator.iadd("a", 1),
    lambda: operator.matmul(1, 2),
    lambda: operator.lshift(1, -1),
]
for call in errors:
    try:
        print(call())
    except (TypeError, ValueError, IndexError, KeyError, AttributeError, ZeroDivisionError) as e:
        print(type(e).__name__, e)

# Hot loops.
acc = 0
fold = 0
ops = [operator.add, operator.sub, operator.mul, operator.xor, operator.or_, operator.and_]
for i in range(600):
    acc = operator.add(acc, operator.mul(i, i % 7))
    acc = operator.mod(acc, 1000003)
    fold = ops[i % 6](fold, i) % 65536
print(acc, fold)
pts = [((i * 37) % 101, (i * 53) % 97, "p%d" % i) for i in range(400)]
by_y = sorted(pts, key=itemgetter(1, 0))
print(by_y[:3], by_y[-1])
total = 0
getx = itemgetter(0)
for p in pts:
    total += getx(p)
print(total, sum(map(itemgetter(1), pts)))
nodes = [Node("n%d" % (i % 50), Node(str(i))) for i in range(300)]
names = list(map(attrgetter("child.name"), nodes))
print(names[:5], len(names), sorted(nodes, key=attrgetter("name"))[0].name)
up = methodcaller("upper")
print("".join(up(n.name[:1]) for n in nodes[:10]), sum(len(up(n.name)) for n in nodes))
cnt = 0
for i in range(400):
    if operator.lt(i % 13, 6) and operator.contains((1, 2, 3, 5, 8), i % 10):
        cnt = operator.iadd(cnt, 1)
print(cnt)
