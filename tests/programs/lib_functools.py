# The shipped `functools`: reduce and its errors, partial (attributes, flattening, reprs
# without addresses, read-only fields), wraps/update_wrapper, lru_cache (keys, typed, hits,
# misses, eviction order, maxsize 0/None/negative, bare decorator, cache_info as a named
# tuple), cache, total_ordering, cmp_to_key, cached_property, singledispatch(method), and
# hot loops through cached and partial functions.
import functools
from functools import reduce, partial, wraps, lru_cache, total_ordering, cmp_to_key

print(reduce(lambda a, b: a + b, [1, 2, 3, 4]), reduce(lambda a, b: a * b, range(1, 8), 10))
print(reduce(lambda a, b: a + b, [], "init"), reduce(lambda a, b: a + b, ["x"]), reduce(max, iter([3, 9, 2])))
print(reduce(lambda acc, c: c + acc, "abc", ""), reduce(lambda a, b: (a, b), [1, 2, 3]))
for call in [lambda: reduce(lambda a, b: a, []), lambda: reduce(lambda a, b: a, iter(())),
             lambda: reduce(lambda a, b: a, 5), lambda: reduce(len), lambda: reduce(),
             lambda: reduce(len, [], 1, 2), lambda: reduce(lambda a, b: a / b, [1, 0])]:
    try:
        print(call())
    except (TypeError, ZeroDivisionError) as e:
        print(type(e).__name__, e)


def power(base, exp, mod=None):
    return pow(base, exp, mod)


sq = partial(power, exp=2)
cube = partial(power, exp=3, mod=1000)
two = partial(power, 2)
print(sq(7), cube(17), two(10), two(10, 7), sq(3, exp=4), cube(2, mod=None))
print(sq.func is power, sq.args, sq.keywords, two.args, two.keywords, cube.keywords)
b2 = partial(int, base=2)
print(repr(b2), b2("1011"), b2("11", base=3))
nested = partial(partial(partial(max, 5), 1, key=abs), -9)
print(repr(nested), nested(3), nested.func is max, nested.args, nested.keywords)
merged = partial(partial(sorted, key=len), reverse=True)
print(repr(merged), merged(["aa", "b", "cccc"]), merged.keywords)
p = partial(dict, a=1)
print(p(b=2), p(a=3), p(self=4, func=5), repr(partial(dict, self=1)))
p.note = "hi"
print(p.note, p.__dict__, repr(partial(p, b=2)).startswith("functools.partial(functools.partial("))
print(partial(str.upper)("abc"), repr(partial(len, [1, 2])))


class MyPartial(partial):
    pass


mp = MyPartial(pow, 2)
print(repr(mp), mp(5), type(mp).__name__, repr(partial(mp, 3)), isinstance(mp, partial))
for call in [lambda: partial(), lambda: partial(1), lambda: partial("x", 1),
             lambda: setattr(sq, "func", len), lambda: setattr(sq, "args", ()),
             lambda: delattr(sq, "keywords"), lambda: sq(), lambda: two(1, 2, 3, 4)]:
    try:
        print(call())
    except (TypeError, AttributeError) as e:
        print(type(e).__name__, e)


class Holder:
    method = partial(str.replace, "a-b-c", "-")


print(Holder.method("+"), Holder().method("_"))

print(functools.WRAPPER_ASSIGNMENTS, functools.WRAPPER_UPDATES)


def logged(fn):
    @wraps(fn)
    def inner(*args, **kwargs):
        return ("logged", fn(*args, **kwargs))
    return inner


@logged
def area(w, h):
    "The area of a w by h rectangle."
    return w * h


area.extra = 1
print(area(3, 4), area.__name__, area.__doc__, area.__module__, area.__wrapped__(2, 5))


def source():
    "source doc"


source.tag = "t"
source.__wrapped__ = "old"


def target():
    pass


target.own = 1
r = functools.update_wrapper(target, source)
print(r is target, target.__name__, target.__qualname__, target.__doc__, target.tag, target.own, target.__wrapped__ is source)


def t2():
    pass


functools.update_wrapper(t2, source, assigned=("__doc__",), updated=())
print(t2.__name__, t2.__doc__, hasattr(t2, "tag"))


class NoDoc:
    "NoDoc doc"


def t3():
    "t3 doc"


nd = NoDoc()
functools.update_wrapper(t3, nd, assigned=("__name__", "__doc__", "missing_attr"), updated=())
print(t3.__name__, t3.__doc__, t3.__wrapped__ is nd)

calls = []


@lru_cache(maxsize=3)
def slow(x, y=0):
    calls.append((x, y))
    return x * 10 + y


print(slow(1), slow(2), slow(1), slow(3), slow.cache_info())
print(slow(4), slow(2), slow(1), slow.cache_info(), calls)
print(slow(1, 2), slow(1, y=2), slow(x=1, y=2), slow(y=2, x=1), slow.cache_info())
slow.cache_clear()
print(slow.cache_info(), slow(1), slow.cache_info(), slow.cache_parameters())
print(slow.__name__, slow.__wrapped__.__name__)


@lru_cache
def ident(x):
    calls.append(x)
    return x


print(ident(1), ident(1.0), ident(True), ident(1), ident("a"), ident("a"), ident((1,)), ident((1,)))
info = ident.cache_info()
print(info, info.hits, info.misses, info.maxsize, info.currsize, info[0], info[-1], info[1:3])
h, m, ms, cs = info
print(h, m, ms, cs, tuple(info), list(info), len(info), info == (4, 4, 128, 4), (4, 4, 128, 4) == info)
print(info != (0, 0, 0, 0), hash(info) == hash(ident.cache_info()), info._fields, info._asdict())
print(type(info).__name__, info.index(128), info.count(5), 128 in info, info._replace(hits=0))
for call in [lambda: setattr(info, "hits", 0), lambda: info._replace(hits=1, zz=2, yy=3)]:
    try:
        print(call())
    except (AttributeError, ValueError) as e:
        print(type(e).__name__, e)
print(ident.cache_parameters())


@lru_cache(maxsize=None, typed=True)
def typed_id(x):
    return repr(x)


print(typed_id(1), typed_id(1.0), typed_id(True), typed_id(1), typed_id(x=1), typed_id.cache_info())


@lru_cache(maxsize=0)
def never(x):
    return x + 1


print(never(1), never(1), never.cache_info(), lru_cache(-5)(abs).cache_info())


@functools.cache
def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)


print(fib(80), fib.cache_info(), fib.cache_parameters())


@lru_cache(maxsize=2)
def fib2(n):
    return n if n < 2 else fib2(n - 1) + fib2(n - 2)


print(fib2(25), fib2.cache_info())
for call in [lambda: lru_cache("x"), lambda: lru_cache(maxsize=1.5), lambda: ident([1]),
             lambda: slow(), lambda: lru_cache(len, typed=1)]:
    try:
        r = call()
        print(type(r).__name__)
    except TypeError as e:
        print(type(e).__name__, e)


class Counter:
    def __init__(self):
        self.n = 0

    @lru_cache(maxsize=None)
    def double(self, x):
        self.n += 1
        return 2 * x


c1 = Counter()
print(c1.double(4), c1.double(4), c1.double(5), c1.n, Counter.double.cache_info().hits)


@total_ordering
class Version:
    def __init__(self, *parts):
        self.parts = parts

    def __eq__(self, other):
        if not isinstance(other, Version):
            return NotImplemented
        return self.parts == other.parts

    def __lt__(self, other):
        if not isinstance(other, Version):
            return NotImplemented
        return self.parts < other.parts


a, b, c = Version(1, 2), Version(1, 10), Version(1, 2)
print(a < b, a > b, a <= c, a >= c, b >= a, b <= a, a > c, a == c)
print(Version.__gt__.__name__, Version.__ge__.__doc__, "__le__" in Version.__dict__)
vs = sorted([Version(2), Version(1, 5), Version(1)], reverse=True)
print([v.parts for v in vs], max([Version(0, 9), Version(0, 10)]).parts)
try:
    print(a > 3)
except TypeError as e:
    print(type(e).__name__, e)


@total_ordering
class Desc:
    def __init__(self, v):
        self.v = v

    def __ge__(self, other):
        return self.v >= other.v

    def __eq__(self, other):
        return self.v == other.v


print(Desc(1) < Desc(2), Desc(1) > Desc(2), Desc(2) <= Desc(2), Desc(3) <= Desc(2))


@total_ordering
class Both:
    def __init__(self, v):
        self.v = v

    def __gt__(self, other):
        return self.v > other.v

    def __le__(self, other):
        return self.v <= other.v


print(Both(1) < Both(2), Both(2) >= Both(2), "__lt__" in Both.__dict__, Both.__lt__.__doc__)
try:
    @total_ordering
    class Nothing:
        pass
except ValueError as e:
    print(type(e).__name__, e)


def by_len_then_alpha(x, y):
    if len(x) != len(y):
        return len(x) - len(y)
    return (x > y) - (x < y)


words = ["pear", "fig", "banana", "kiwi", "apple", "date", "plum"]
print(sorted(words, key=cmp_to_key(by_len_then_alpha)))
print(sorted(words, key=cmp_to_key(lambda x, y: by_len_then_alpha(y, x))))
key = cmp_to_key(lambda x, y: x - y)
k1, k2 = key(3), key(5)
print(k1 < k2, k1 > k2, k1 == key(3), k1 != k2, k1 <= key(3), k2 >= k1, k1.obj, min([key(4), key(2), key(9)]).obj)
for call in [lambda: k1 < 5, lambda: key(), lambda: hash(k1) if False else k1 == "x"]:
    try:
        print(call())
    except TypeError as e:
        print(type(e).__name__, e)


class Circle:
    def __init__(self, r):
        self.r = r
        self.computed = 0

    @functools.cached_property
    def area(self):
        "The area."
        self.computed += 1
        return 3 * self.r * self.r


ci = Circle(2)
print(ci.area, ci.area, ci.computed, "area" in ci.__dict__, Circle.area.__doc__, Circle.area.attrname)
ci.area = 100
print(ci.area, ci.computed)
del ci.area
print(ci.area, ci.computed, type(Circle.area).__name__)


class Slotted:
    __slots__ = ("x",)

    @functools.cached_property
    def p(self):
        return 1


loose = functools.cached_property(lambda self: 1)
for call in [lambda: Slotted().p, lambda: loose.__get__(Circle(1), Circle)]:
    try:
        print(call())
    except TypeError as e:
        print(type(e).__name__, e)


@functools.singledispatch
def describe(x):
    return "thing"


@describe.register(int)
def _(x):
    return "int %d" % x


@describe.register(list)
def _(x):
    return "list of %d" % len(x)


def describe_str(x, suffix="!"):
    return "str " + x + suffix


print(describe.register(str, describe_str) is describe_str)
describe.register(float | dict, lambda x: "number")


class Base:
    pass


class Derived(Base):
    pass


describe.register(Base)(lambda x: "base")
print(describe(3), describe(True), describe([1, 2]), describe("s"), describe("s", suffix="?"))
print(describe(2.5), describe({}), describe(None), describe(Derived()), describe((1,)))
print(describe.dispatch(bool).__name__, describe.dispatch(dict) is describe.registry[object], describe.__name__)
print(sorted(t.__name__ for t in describe.registry))
for call in [lambda: describe(), lambda: describe.register(3), lambda: describe.register(3, len)]:
    try:
        print(call())
    except TypeError as e:
        print(type(e).__name__, e)


class Shape:
    @functools.singledispatchmethod
    def scale(self, by):
        return "unknown"

    @scale.register(int)
    def _(self, by):
        return "int scale %d" % by

    @scale.register(str)
    def _(self, by):
        return "named scale " + by


print(Shape().scale(2), Shape().scale("big"), Shape().scale(1.5), Shape.scale(Shape(), 3))

# Hot loops: cached recursion, a partial in a loop, reduce over a range.
@lru_cache(maxsize=64)
def collatz(n):
    if n == 1:
        return 0
    return 1 + collatz(n // 2 if n % 2 == 0 else 3 * n + 1)


best = 0
for i in range(1, 400):
    best = max(best, collatz(i))
print(best, collatz.cache_info().currsize, collatz.cache_info().hits > 0)
add3 = partial(lambda a, b, c: a * 100 + b * 10 + c, 1, 2)
s = 0
for i in range(500):
    s += add3(i % 10)
print(s, reduce(lambda a, b: (a * 31 + b) % 1000003, range(600), 7))
key2 = cmp_to_key(lambda x, y: (x % 7 - y % 7) or (y - x))
print(sorted(range(60), key=key2)[:12])
