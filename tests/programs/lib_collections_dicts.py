# collections: defaultdict, OrderedDict, Counter (dict subclasses), UserDict, UserList, UserString.
import copy
from collections import Counter, OrderedDict, UserDict, UserList, UserString, defaultdict


def show_error(fn):
    try:
        print(fn())
    except Exception as e:
        print(type(e).__name__, e)


# --- defaultdict ---
groups = defaultdict(list)
for word in "apple avocado banana blueberry cherry apricot".split():
    groups[word[0]].append(word)
print(groups)
print(groups["z"], len(groups), "q" in groups, groups.get("q"), groups.default_factory)
print(isinstance(groups, dict), type(groups).__name__, repr(type(groups)), defaultdict[str, int])
counts = defaultdict(int, {"x": 5}, y=1)
counts["x"] += 1
counts["new"] += 2
print(counts, sorted(counts.items()), counts == {"x": 6, "y": 1, "new": 2})
nested = defaultdict(lambda: defaultdict(int))
nested["a"]["b"] += 1
nested["a"]["c"] += 2
print(sorted((k, sorted(v.items())) for k, v in nested.items()))
empty = defaultdict()
print(empty, empty.default_factory)
show_error(lambda: empty["missing"])
show_error(lambda: defaultdict(1))
show_error(lambda: defaultdict(list, {}, {}))
kw = defaultdict(default_factory=list)
print(kw, kw.default_factory)
counts.default_factory = lambda: -1
print(counts["other"], counts.pop("other"))
counts.default_factory = None
show_error(lambda: counts["gone"])
c1 = groups.copy()
c1["a"].append("shared")
c1["n"].append("new")
print(type(c1).__name__, c1.default_factory, sorted(c1), sorted(groups))
d2 = copy.deepcopy(groups)
d2["b"].append("deep")
print(groups["b"], d2["b"], copy.copy(defaultdict(set)))
print(defaultdict(list, a=[1]) | {"b": [2]}, {"b": [2]} | defaultdict(int, a=1))
merged = defaultdict(str, a="x")
merged |= {"b": "y"}
print(merged, merged["c"] + "!", merged.keys())
print(defaultdict(list).__missing__("k"), groups.setdefault("c", []), dict(groups) == groups)

# --- OrderedDict ---
od = OrderedDict()
for key in "spam", "eggs", "ham":
    od[key] = len(key)
print(od, list(od), list(od.values()), list(od.items()))
print(od.keys(), od.values(), od.items())
print(list(reversed(od)), list(reversed(od.items())), list(reversed(od.keys())))
od.move_to_end("spam")
print(od)
od.move_to_end("ham", last=False)
print(od)
od.move_to_end("ham", False)
od.move_to_end("ham", True)
print(list(od))
print(od.popitem(), od.popitem(last=False), od)
od.update([("b", 2), ("a", 1)], z=26)
od.update({"c": 3})
print(od, od.setdefault("a", 99), od.setdefault("d", 4), od.pop("b"), od.pop("nope", "default"))
print(OrderedDict([("a", 1), ("b", 2)]), OrderedDict(x=1, y=2), OrderedDict({"k": "v"}), OrderedDict(["ab", "cd"]))
print(OrderedDict(), repr(OrderedDict()), OrderedDict.fromkeys("abc", 0), OrderedDict.fromkeys("xy"))
a = OrderedDict(a=1, b=2)
b = OrderedDict(b=2, a=1)
plain = {"b": 2, "a": 1}
print(a == b, a != b, a == plain, plain == a, b == plain, a != plain, a == OrderedDict(a=1, b=2), a == OrderedDict(a=1, b=3))
print(a | {"c": 3}, {"c": 3} | a, type({"c": 3} | a).__name__, a.copy(), a.copy() == a, a.copy() is a)
a |= [("d", 4)]
print(a, len(a), "d" in a, a["d"], a.get("zz", 0))
keys = a.keys()
print(keys & {"a", "q"}, sorted(keys - {"a"}), sorted({"a", "z"} - keys), sorted(keys ^ {"a", "q"}), keys == {"a", "b", "d"}, ("a", 1) in a.items(), 2 in a.values(), len(keys))
print(copy.copy(a), copy.deepcopy(OrderedDict(x=[1])), isinstance(a, dict), repr(type(a)))
odd = OrderedDict({1: "one", 2: "two"})
odd.move_to_end(1.0)
print(odd)
selfref = OrderedDict(a=1)
selfref["me"] = selfref
print(selfref)
show_error(lambda: OrderedDict().popitem())
show_error(lambda: OrderedDict(a=1).move_to_end("b"))
show_error(lambda: OrderedDict().pop("k"))
show_error(lambda: OrderedDict({}, {}))
show_error(lambda: OrderedDict().update({}, {}))
show_error(lambda: OrderedDict([(1, 2, 3)]))
show_error(lambda: OrderedDict([(1,)]))
show_error(lambda: OrderedDict([1]))

# An LRU cache of 8 entries in a hot loop: hits move the key to the end, overflow drops
# the oldest.
cache = OrderedDict()
hits = misses = 0
for i in range(400):
    key = (i * i + i // 3) % 12
    if key in cache:
        cache.move_to_end(key)
        hits += 1
    else:
        cache[key] = key * key
        misses += 1
        if len(cache) > 8:
            cache.popitem(last=False)
print(hits, misses, list(cache), cache)

# --- Counter ---
c = Counter("abracadabra")
print(c, c["a"], c["z"], "z" in c, len(c), c.total())
print(c.most_common(), c.most_common(2), c.most_common(0), c.most_common(-1), c.most_common(10))
print(sorted(c.elements()), list(Counter(x=2, y=0, z=-1, w=1).elements()))
print(Counter(), Counter({"a": 2, "b": 5}), Counter(a=1, b=3), Counter(["x", "y", "x"]), Counter("aab", b=5))
c.update("zzz")
c.update({"a": -5})
c.update(q=2)
print(c)
c.subtract("aaq")
c.subtract({"z": 10})
print(c, c.total())
del c["nothing"]
del c["q"]
print(c)
x = Counter(a=3, b=1, c=0, d=-2)
y = Counter(a=1, b=2, d=1, e=4)
print(x + y, x - y, x | y, x & y, +x, -x)
print(x == Counter(a=3, b=1, d=-2), Counter(a=1, b=0) == Counter(a=1), Counter(a=1) == {"a": 1}, x != y)
print(Counter(a=1) <= Counter(a=2), Counter(a=1) < Counter(a=1), Counter(a=2) >= Counter(a=1, b=0), Counter(a=2) > Counter(a=2))
inplace = Counter(a=2, b=1)
inplace += Counter(b=-3, c=1)
print(inplace)
inplace -= Counter(a=1)
print(inplace)
inplace |= Counter(a=5, d=2)
print(inplace)
inplace &= Counter(a=3, d=9)
print(inplace)
print(Counter(a="x", b=[1]), Counter({1: 2.5, 2: 1}), Counter(a=1) | {"b": 2}, Counter("hello").copy())
print(copy.copy(Counter("aab")), copy.deepcopy(Counter(k=[1])), isinstance(c, dict), repr(type(c)))
ties = Counter()
for word in ["pear", "fig", "kiwi", "fig", "pear", "lime"]:
    ties[word] += 1
print(ties.most_common(), ties.most_common(3), ties)
show_error(lambda: Counter.fromkeys("ab"))
show_error(lambda: Counter() + 1)
show_error(lambda: Counter(a=1) < {"a": 2})
show_error(lambda: Counter(1))
show_error(lambda: Counter("a", "b"))
show_error(lambda: list(Counter(a=2.5).elements()))

# --- word counting in a hot loop: defaultdict(int) and Counter agree ---
text = ("the quick brown fox jumps over the lazy dog while the cat sleeps and the dog "
        "barks at the fox in the quiet of the night").split()
by_default = defaultdict(int)
by_counter = Counter()
by_get = {}
for i in range(400):
    word = text[(i * 5) % len(text)]
    by_default[word] += 1
    by_counter[word] += 1
    by_get[word] = by_get.get(word, 0) + 1
print(by_counter.most_common(5), by_counter.total(), len(by_default))
print(dict(by_default) == by_get, dict(by_counter) == by_get, sorted(by_default.items())[:4])
print(Counter(text).most_common(3), Counter(len(w) for w in text))

# --- UserDict, UserList, UserString ---
u = UserDict({"a": 1}, b=2)
u["c"] = 3
del u["a"]
print(u, len(u), sorted(u), u.get("z", 0), "b" in u, u == {"b": 2, "c": 3}, u.copy(), type(u.copy()).__name__)
print(u | {"d": 4}, {"d": 4} | u, UserDict.fromkeys("xy", 0), u.pop("b"), u.setdefault("e", 5), u, u.data)
show_error(lambda: u["missing"])
ul = UserList([3, 1, 2])
ul.append(5)
ul.sort()
ul.insert(0, 0)
print(ul, ul[1:3], type(ul[1:3]).__name__, ul + [9], [9] + ul, ul * 2, len(ul), 2 in ul, ul.index(3), ul.count(1))
print(ul == [0, 1, 2, 3, 5], ul < [1], ul.pop(), ul.pop(0), ul, ul.data)
ul.extend(UserList([7]))
ul += (8,)
ul.reverse()
ul.remove(7)
print(ul, ul.copy(), list(reversed(ul)), sum(ul), max(ul), sorted(ul))
us = UserString("Hello")
print(us, repr(us), us.upper(), us + "!", "<" + us, us * 2, us[1:3], len(us), "ell" in us, us.find("l"))
print(us.replace("l", "L"), us.split("l"), us == "Hello", us < "World", us.center(9, "*"), us.count("l"), us.strip("Ho"))
print(type(us.upper()).__name__, int(UserString("42")) + 1, "%s!" % us, us.join(["a", "b"]), us.partition("l"), us.isalpha())
