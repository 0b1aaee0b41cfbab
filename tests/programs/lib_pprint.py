# The shipped pprint module: pprint/pformat/pp/saferepr/isreadable/isrecursive and PrettyPrinter
# (indent, width, depth, stream, compact, sort_dicts, underscore_numbers, format, _safe_repr),
# dict key order for mixed types, long strings, depth and recursion marks, dataclasses, errors,
# the bm_pprint data, and a hot loop.
import pprint
import io
from dataclasses import dataclass, field

data = {
    "name": "tracelift",
    "numbers": list(range(30)),
    "nested": {"b": [1, 2, {"c": (3, 4)}], "a": ((), [], {}, set(), frozenset())},
    "pair": ("x" * 30, "y" * 40),
    "one": (1,),
    "long_one": ("z" * 80,),
    3: {5, 1, 3},
    2.5: frozenset({40, 10, 30, 20}),
    None: True,
}
pprint.pprint(data)
print(pprint.pformat(data, width=40))
print(pprint.pformat(data, width=40, indent=4))
print(pprint.pformat(data, indent=0))
print(pprint.pformat(data, compact=True))
print(pprint.pformat(data, compact=True, width=30, indent=2))
print(pprint.pformat(data, sort_dicts=False, width=60))
pprint.pp(data, width=60)
pprint.pp({"z": 1, "y": 2, "a": 3}, sort_dicts=True)
pprint.pp({"z": 1, "y": 2, "a": 3})

# Short things stay on one line; sequences keep CPython's reprs.
for obj in [[], (), {}, set(), frozenset(), (1,), ((1,),), [(1,)], 1.5, -0.0, None, "a'b", 'a"b',
            [1, [2, [3, [4, [5]]]]], {1: {2: {3: {}}}}, {3}, frozenset({7}), True]:
    print(pprint.pformat(obj), pprint.saferepr(obj), pprint.isreadable(obj), pprint.isrecursive(obj))

# Dict keys of mixed types: sorted by value where `<` works, by type name where it does not.
print(pprint.pformat({"b": 1, 3: 2, None: 3, 1.5: 4, (1, 2): 5, "a": 6, 2: 7, False: 8}))
print(pprint.saferepr({"b": 1, 3: 2, None: 3, 1.5: 4, (1, 2): 5, "a": 6, 2: 7}))
wide_mixed = {"key%d" % i: i for i in range(5)}
wide_mixed[10] = "ten"
wide_mixed[None] = "none"
wide_mixed[(0, "t")] = "tuple"
print(pprint.pformat(wide_mixed, width=30))
print(pprint.pformat({10, 2, 33, 4, 5, 60, 7, 8, 9, 100, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21}, width=20))
print(pprint.pformat(frozenset(range(0, 300, 7)), width=50))
print(pprint.pformat(frozenset(range(0, 300, 7)), width=50, compact=True))
words = {"pear", "apple", "fig", "banana", "cherry", "kiwi", "plum", "grape", "lemon", "lime", "mango"}
print(pprint.pformat(words, width=30))
print(pprint.pformat(frozenset(words), width=30))
print(pprint.pformat({"set": words, "n": 1}, width=30))

# Long strings: cut at line ends, then at whitespace, wrapped in parentheses at the top level.
text = ("The quick brown fox jumps over the lazy dog. " * 4).strip()
print(pprint.pformat(text))
print(pprint.pformat(text, width=30))
print(pprint.pformat([text], width=30))
print(pprint.pformat({"text": text, "k": "v"}, width=40))
print(pprint.pformat(("it's " * 20, 'say "hi" ' * 10), width=40))
print(pprint.pformat("first line\nsecond line that is rather longer\n\nfourth\n", width=20))
print(pprint.pformat("x" * 100, width=20))
print(pprint.pformat("a" * 30 + " " + "b" * 30 + "   " + "c" * 5, width=25))
print(pprint.pformat("   leading spaces and trailing ones   " * 2, width=20))
print(pprint.pformat("tabs\tand\t\twide\x0bspaces\x0c " * 4, width=25))
print(pprint.pformat("caf\u00e9 \u00fcber na\u00efve " * 6, width=30))
print(pprint.pformat(["short", "x" * 10 + " " + "y" * 10], width=15))
print(pprint.pformat("", width=1), pprint.pformat(["", ""], width=1))
print(pprint.pformat("exact fit", width=11), pprint.pformat("exact fitt", width=11))
print(pprint.pformat(["alpha beta gamma delta", "x", "epsilon zeta eta theta iota", "y"] * 2, compact=True, width=24))
print(pprint.pformat({"a key that is long and is never split": "value " * 8}, width=30))

# Depth: nested containers below it become ...
deep = [1, (2, [3, {"k": [4, (5,)]}]), {"a": {"b": {}}}, [[]], ()]
for d in [1, 2, 3, 4, None]:
    print(d, pprint.pformat(deep, depth=d))
    print(d, pprint.pformat(deep, depth=d, width=10))
printer = pprint.PrettyPrinter(depth=2)
print(printer.format(deep, {}, 2, 0))
print(printer.format(deep, {}, 1, 0))
print(printer.format({"a": [1]}, {}, 1, 0), printer.format((1, (2,)), {}, 1, 0), printer.format(((1,),), {}, 1, 0))
print(printer.isreadable(deep), printer.isrecursive(deep), pprint.isreadable(deep))

# Recursion: marked, never followed (the id is replaced before printing).
loop = [1, 2]
loop.append(loop)
d = {"self": None, "other": [3]}
d["self"] = d
t = (loop, d)
for obj in [loop, d, t, [loop, loop], {"x": [d]}]:
    print(pprint.saferepr(obj).replace(str(id(loop)), "ID1").replace(str(id(d)), "ID2"),
          pprint.isreadable(obj), pprint.isrecursive(obj))
    print(pprint.pformat(obj, width=20).replace(str(id(loop)), "ID1").replace(str(id(d)), "ID2"))
p = pprint.PrettyPrinter()
print(p.isrecursive(loop), p.isreadable(loop), p.isrecursive([1]), p.isreadable([1]))
shared = [1, 2]
print(pprint.pformat([shared, shared, (shared,)]), pprint.isrecursive([shared, shared]))

# Not readable: reprs that start with '<'.
class Plain:
    pass

for obj in [Plain, len, [Plain], {"f": len}, (1, int)]:
    print(pprint.saferepr(obj), pprint.isreadable(obj), pprint.isrecursive(obj))
print(pprint.PrettyPrinter()._safe_repr([Plain, 1], {}, None, 0))
print(pprint.PrettyPrinter()._safe_repr({"a": (1, "b")}, {}, None, 0))
print(pprint.PrettyPrinter()._safe_repr([[1]], {}, 1, 0))
print(pprint.PrettyPrinter()._safe_repr("s", {}, None, 0), pprint.PrettyPrinter()._safe_repr(5, {}, None, 0))

# underscore_numbers: ints only (not bools, not floats), keys and values, any depth.
nums = {10**6: [12345, -9876543, True, 1.5e10, 10**25], "n": (1000, 999)}
print(pprint.pformat(nums, underscore_numbers=True))
print(pprint.pformat(nums, underscore_numbers=True, width=20))
print(pprint.pformat(nums))
pprint.pprint(-10**12, underscore_numbers=True)
print(pprint.PrettyPrinter(underscore_numbers=True)._safe_repr([10**4, (10**5,)], {}, None, 0))

# Streams: pprint writes to the stream given, or to sys.stdout.
out = io.StringIO()
pprint.pprint({"b": [1] * 40, "a": "x"}, stream=out, width=50)
pprint.PrettyPrinter(stream=out, indent=2).pprint(list(range(3)))
pprint.pprint("to stdout", stream=None)
print(repr(out.getvalue()))
pprint.PrettyPrinter(width=30).pprint([["a" * 10, "b" * 10], ["c" * 10]])

# Dataclasses whose repr @dataclass wrote are laid out field by field.
@dataclass
class Point:
    x: int
    y: int

@dataclass
class Shape:
    name: str
    points: list = field(default_factory=list)
    hidden: int = field(default=0, repr=False)
    parent: object = None

sq = Shape("square", [Point(0, 0), Point(0, 10), Point(10, 10), Point(10, 0)], 7)
print(pprint.pformat(sq))
print(pprint.pformat(sq, width=40))
print(pprint.pformat(Point(1, 2)), pprint.saferepr(Point(1, 2)), pprint.isreadable(Point(1, 2)))
print(pprint.pformat([sq, {"p": Point(3, 4)}], width=30))
sq.parent = sq
print(pprint.pformat(sq, width=40))
print(pprint.pformat(Shape, width=10), pprint.isreadable(Shape))

# A subclass that replaces format() sees every item.
class Masking(pprint.PrettyPrinter):
    def format(self, object, context, maxlevels, level):
        if isinstance(object, str) and object.startswith("secret"):
            return "'***'", False, False
        if isinstance(object, int) and not isinstance(object, bool):
            return str(object * 10), True, False
        return pprint.PrettyPrinter.format(self, object, context, maxlevels, level)

m = Masking(width=30)
secret = {"user": "ann", "password": "secret-1", "pins": [1, 2, 3], "more": ("secret-2", 4)}
print(m.pformat(secret))
print(m.isreadable(secret), m.isreadable({"a": 1}), m.isrecursive(secret))
print(m._safe_repr(secret, {}, None, 0))
m.pprint([secret])

# Errors.
for kwargs in [{"indent": -1}, {"depth": 0}, {"depth": -3}, {"width": 0}, {"indent": "x"},
               {"width": "80"}, {"indent": 2.9, "width": 40.5}]:
    try:
        p = pprint.PrettyPrinter(**kwargs)
        print(kwargs, "ok", p.pformat(list(range(20))))
    except (ValueError, TypeError) as e:
        print(kwargs, type(e).__name__, e)
try:
    pprint.pformat([1], 1, 80, None, True)
except TypeError as e:
    print(type(e).__name__, e)
try:
    pprint.pformat([1], bogus=1)
except TypeError as e:
    print(type(e).__name__, e)
print(pprint.pformat(list(range(12)), width=-5))

# The data of pyperformance's bm_pprint, smaller.
printable = [("string", (1, 2), [3, 4], {5: 6, 7: 8})] * 1000
rep, readable, recursive = pprint.PrettyPrinter()._safe_repr(printable, {}, None, 0)
print(len(rep), rep[:60], readable, recursive)
formatted = pprint.pformat(printable)
lines = formatted.split("\n")
print(len(formatted), len(lines), lines[0], lines[1], lines[-1])
print(rep == repr(printable), formatted == pprint.PrettyPrinter().pformat(printable))

# Hot loop: the printer on changing data.
total = 0
digest = 0
for i in range(400):
    obj = {"i": i, "sq": [j * j for j in range(i % 13)], "t": (i, str(i) * (i % 7)),
           "nest": {"k%d" % (i % 5): [i] * (i % 4)}, i % 3: "mixed key"}
    s = pprint.pformat(obj, width=30 + i % 50, compact=(i % 2 == 0), indent=1 + i % 3,
                       depth=None if i % 5 else 2)
    total += len(s)
    digest = (digest * 31 + len(s.split("\n"))) % 1000003
    r = pprint.saferepr([obj, (i,)])
    total += len(r)
    if i % 97 == 0:
        print(i, s.replace("\n", "|"))
        print(i, r)
print(total, digest)
