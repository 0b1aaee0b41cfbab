# The shipped json module: dumps with every option CPython's has (ensure_ascii, indent,
# separators, sort_keys, skipkeys, default, allow_nan, circular checks), loads with hooks and
# CPython 3.11's error messages and positions, dump/load through StringIO, and a hot loop.
import json
import io
data = {"a": [1, 2.5, None, True, False, "x\"y\\z\n\t\u0001", "\u0105\u20ac\U0001f600"], "b": {"c": [], "d": {}},
        3: "int key", 2.5: "float key", None: "none", False: "f", "e": (1, 2), "big": 10**30, "neg": -0.0, "small": 1e-7}
print(json.dumps(data))
print(json.dumps(data, ensure_ascii=False))
print(json.dumps(data, indent=2))
print(json.dumps(data, indent="\t", separators=(",", ":")))
print(json.dumps({"z": 1, "a": [2, {"y": 3, "b": 4}]}, sort_keys=True, indent=1))
print(json.dumps([float("nan"), float("inf"), -float("inf")]))
for bad in [{(1, 2): 3}, [set()], float("inf")]:
    try:
        print(json.dumps(bad, allow_nan=False))
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
print(json.dumps({(1, 2): 3, "k": 1}, skipkeys=True))
print(json.dumps([set([1])], default=lambda o: sorted(o)))
a = []
a.append(a)
try:
    json.dumps(a)
except ValueError as e:
    print(e)
text = json.dumps(data)
back = json.loads(text)
print(back)
print(json.loads('  {"a" : [1, -2, 3.5e2, -0.25E-1, 1E5, true, false, null, "s\\u00e9\\ud83d\\ude00\\n"]}  '))
print(json.loads("[NaN, Infinity, -Infinity]"), json.loads("123"), json.loads('"x"'), json.loads("-0"), json.loads("1.0"))
print(json.loads('{"a": 1, "a": 2}'), json.loads('{"a": 1}', object_pairs_hook=lambda p: p), json.loads('{"a": 1.5}', parse_float=str))
print(json.loads('[1, {"b": 2}]', object_hook=lambda d: sorted(d.items())))
for bad in ['', '[', '[1,]', '{"a" 1}', '{"a": 1,}', '{1: 2}', '[1 2]', '"abc', '"a\\qb"', '"\\u12"', '[1] x', 'nul', '"a\tb"', '{"a": }', '\n\n  [1,\n  ?]']:
    try:
        json.loads(bad)
    except json.JSONDecodeError as e:
        print(repr(bad), "->", e, e.pos, e.lineno, e.colno)
print(json.loads('"a\tb"', strict=False))
s = io.StringIO()
json.dump({"k": [1, 2]}, s)
s.seek(0)
print(s.getvalue(), json.load(s))
total = 0
for i in range(300):
    t = json.dumps({"i": i, "l": list(range(i % 10)), "s": "v%d" % i})
    total += len(t) + len(json.loads(t)["l"])
print(total)

# bytes and bytearray documents (UTF-8, with or without its BOM).
print(json.loads(b'{"a": [1, 2, "\xc3\xa9"]}'), json.loads(bytearray(b"[true]")), json.loads(b'\xef\xbb\xbf{"bom": 1}'))
try:
    json.loads(3)
except TypeError as e:
    print("TypeError:", e)

# The native scanner (crates/vm/src/modules/json.rs): positions count chars, not bytes, in
# non-ASCII documents; every error message; numbers; nesting deeper than the recursion limit.
for bad in ['["é", "\\q"]', '{"ü": 1 2}', '"ü\x01"', '  \u00e9', '["\U0001f600", 1,]', '{"a":\n "€",\n "b" 2}',
            '"\\u1234', '"\\uZZZZ"', '"\\u 123"', '"\\u+123"', '"\\u1_23"', '"\\ud834\\uZZZZ"', '"\\ud834\\udd1e',
            '"\\', '"abc\\', '-', '-x', '1.', '1.e5', '1e', '1e+', '01', '[-]', '{"a": 1 "b": 2}', '{"a"', '[1,', '{',
            '[tru]', '-Inf', '\ufeff[]']:
    try:
        print(repr(json.loads(bad)))
    except json.JSONDecodeError as e:
        print(repr(bad), "->", e, e.pos, e.lineno, e.colno)
print(json.loads('[1e400, -1e400, 0.1, 1E-5, -0, -0.0, 12345678901234567890123, -123456789012345678, 1.5e+3, 0e0]'))
print(json.loads('["\\/\\b\\f\\n\\r\\t\\"\\\\", "\\ud834\\udd1e\\u00e9", "\u20ac\U0001f600"]'))
print(repr(json.loads('"a\x01b\x1f\\n"', strict=False)), json.loads('{"é": ["ü", {"€": null}]}'))
big = json.loads("1" * 4300)
print(len(str(big)), json.loads("-" + "9" * 40))
for doc in ["1" * 4301, "-" + "1" * 5000]:
    try:
        json.loads(doc)
    except ValueError as e:
        print(type(e).__name__, e)
for doc in ["[" * 100000 + "]" * 100000, '{"a": ' * 100000 + "}" * 100000]:
    try:
        json.loads(doc)
    except RecursionError as e:
        print(type(e).__name__)
print(len(str(json.loads("[" * 200 + "]" * 200))), json.loads('[{"a": [{"b": {}}]}]'))
print(json.loads('{"a": [1.5, 2, "x"], "b": [NaN, -Infinity]}', object_pairs_hook=list, parse_float=str,
                 parse_int=lambda s: int(s) * 2, parse_constant=lambda s: "C" + s))
print(json.loads('{"a": {"b": 1}}', object_hook=lambda d: ("hook", d)))
dec = json.JSONDecoder()
print(dec.raw_decode("[1] x"), dec.raw_decode('  "ab"', 2), dec.raw_decode("é 7", 2))
for args in [("[1]", -1), ("[1]", 9)]:
    try:
        print(dec.raw_decode(*args))
    except ValueError as e:
        print(type(e).__name__, e)

# The native encoder (crates/vm/src/modules/json/encode.rs): every option, escapes, subclasses
# of the builtin types (an IntEnum, a str subclass), a JSONEncoder subclass's own default,
# circular references, key coercion and its errors, nesting deeper than the recursion limit.
from enum import IntEnum
from collections import OrderedDict, namedtuple


class Color(IntEnum):
    RED = 1
    BLUE = 2


class S(str):
    pass


class I(int):
    def __repr__(self):
        return "I!"


class L(list):
    def __iter__(self):
        return iter([9, 8])


class D(dict):
    def items(self):
        return [("x", 1)]


Pt = namedtuple("Pt", "x y")
data = {"a": [1, 2.5, None, True, False, "x\"y\\z\n\t\u0001\x7f\b\f\r", "\u0105\u20ac\U0001f600"], "b": {"c": [], "d": {}},
        3: "int key", 2.5: "float key", None: "none", False: "f", True: "t", "e": (1, (2,)), "big": 10**30, "neg": -0.0,
        -5: -10**40}
for kw in [{"indent": 0}, {"indent": -1}, {"indent": True}, {"indent": Color.BLUE, "ensure_ascii": False},
           {"separators": (";", "=")}, {"check_circular": False, "sort_keys": False}]:
    print(json.dumps(data, **kw))
print(json.dumps({2: 1, 1: 2, 3: [3]}, sort_keys=True), json.dumps({"b": 1, "a": 2}, sort_keys=True, separators=(",", ":")))
print(json.dumps([1e400, 0.1, 1e16, 1e-5, 123.0, 2**53 + 0.0, -0.0, 0, -1, 2**62, -2**62, 2**63, -(2**63) - 1]))
print(json.dumps({float("nan"): 1, float("inf"): 2, 1.5: 3, -float("inf"): 4}))
for bad, kw in [({float("nan"): 1}, {"allow_nan": False}), ({"a": 1, 2: 3}, {"sort_keys": True}),
                ({1: 1, "a": 2, "b": 3}, {"sort_keys": True}), (1, {"indent": 1.5}), ([1], {"separators": (1, 2)}),
                ({"a": object()}, {}), (10**5000, {}), (b"x", {})]:
    try:
        print(json.dumps(bad, **kw))
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
print(json.dumps("x", indent=1.5), json.dumps("é\U0001f600"), json.dumps("é\U0001f600", ensure_ascii=False), json.dumps(S("s\n")))
print(json.dumps({(1, 2): 3, "k": 1, object(): 2, "z": 3}, skipkeys=True), json.dumps({(1, 2): 3}, skipkeys=True, indent=2))
print(json.dumps([set([1, 2])], default=lambda o: {"set": sorted(o)}, indent=2))
d = {}
d["self"] = [d]
try:
    json.dumps(d)
except ValueError as e:
    print(e)


class Node:
    pass


try:
    json.dumps(Node(), default=lambda o: [o])
except ValueError as e:
    print(e)
try:
    json.dumps(Node(), default=lambda o: [o], check_circular=False)
except RecursionError as e:
    print(type(e).__name__)
shared = [1]
print(json.dumps([shared, shared, {"x": shared}]))


class Enc(json.JSONEncoder):
    def default(self, o):
        if isinstance(o, set):
            return sorted(o)
        if isinstance(o, Node):
            return "node"
        return super().default(o)


print(json.dumps({"s": {3, 1, 2}, "n": Node()}, cls=Enc), Enc(indent=1).encode([{1}]))
try:
    Enc().encode(object())
except TypeError as e:
    print(e)
print(json.dumps([Color.RED, Color.BLUE, I(7), S("str sub"), L([1, 2, 3]), D(a=1), Pt(1, 2), OrderedDict([("b", 1), ("a", 2)])]))
print(json.dumps({Color.RED: 1, I(3): 2, S("k"): 3}))
print(json.dumps((1, (2, (3,))), indent=1), json.dumps(()), json.dumps([[]], indent=2), json.dumps([{}], indent=2))
lst = [1, Node(), 3]


def grow(o):
    lst.append(4)
    return "obj"


print(json.dumps(lst, default=grow))
for kind in (list, dict):
    x = kind()
    for _ in range(100000):
        x = [x] if kind is list else {"k": x}
    try:
        json.dumps(x)
    except RecursionError as e:
        print(type(e).__name__)
for x in [b"[1]", 1, None]:
    for f in (json.JSONDecoder().decode, json.JSONDecoder().raw_decode):
        try:
            f(x)
        except TypeError as e:
            print(type(e).__name__, e)
