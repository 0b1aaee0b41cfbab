# Method calls on builtin types (LOAD_ATTR_METHOD_NO_DICT + CALL_BUILTIN_METHOD): hot sites,
# then receivers of other types through the same site (builtin types, a user class), errors
# raised by the method, and methods taken as values.


def shout(words):
    out = []
    for w in words:
        out.append(w.upper())
    return out


def count_in(seq, x):
    return seq.count(x)


def index_all(items, probes):
    found = []
    for p in probes:
        try:
            found.append(items.index(p))
        except ValueError as e:
            found.append(str(e))
    return found


print(shout(["ab", "cd"] * 30)[:3])
for i in range(40):
    r = count_in([1, 2, 1, 3, 1], 1)
print("list count", r)
# The same site with a str, a tuple, and then a user class.
print("str count", count_in("banana", "a"), "tuple count", count_in((1, 1, 2), 1))


class Counter:
    def count(self, x):
        return "user %s" % x


print("user count", count_in(Counter(), 5))
for i in range(30):
    r = count_in([i, i], i)
print("back to list", r)

# A method raising an error through the specialized site.
print(index_all([3, 4, 5], [4, 9, 3]))
print(index_all("hello", ["l", "z"]))

# Bool through an int method site, ints (tagged and big) through it.
def bits(x):
    return x.bit_length()


print([bits(v) for v in [1, 2, 255, 2**70, -5]], bits(True), bits(False))

# str methods with several arguments, and dict methods.
def fmt(d, keys):
    acc = []
    for k in keys:
        acc.append("%s=%s" % (k, d.get(k, "?")))
    return ",".join(acc).replace("=", ":").split(",")


d = {"a": 1, "b": 2}
for i in range(25):
    r = fmt(d, ["a", "b", "c"])
print(r, d.setdefault("c", 3), sorted(d.items()))

# A builtin method taken as a value (a bound builtin), and an unbound one called with self.
acc = []
push = acc.append
for i in range(20):
    push(i)
print("bound", len(acc), list.__len__(acc), str.upper("x"))

# A builtin method whose type gains no attributes: assignment is refused.
try:
    list.count = None
except TypeError as e:
    print("TypeError:", e)
print("still", count_in([7, 7], 7))


# Exceptions carry a dict: their methods are not specialized on type alone.
def with_tb(e):
    return e.with_traceback(None)


for i in range(20):
    r = with_tb(ValueError(i))
print("exception method", repr(r))
