# repr of nested containers, mixed content, escapes.
data = [1, 2.5, "str", 'q"uote', "it's", None, True, False, [], {}, (), (1,), [[]], {"a": [1, {"b": (2, 3)}]}]
print(data)
print(repr(data))
print(tuple(data[:5]))
print({1: "one", 2.5: [2], "k": {"nested": {"deep": (None,)}}, (1, 2): "tup"})
print([{"x": i, "sq": i * i} for i in range(4)])
print({i: [j for j in range(i)] for i in range(5)})
print(((1, 2), [3, (4, [5, {6: 7}])]))
print([0.1, 1e16, -0.0, 1e-5, float("inf"), 2 ** 70, -3])
print(["a\nb", "tab\t", "back\\slash", "\x01", "ü", "日本"])
print({frozen for frozen in range(5)})
print(str([1, "a"]), repr([1, "a"]), str(("x",)), repr({"k": "v"}))
nested = []
cur = nested
for i in range(10):
    nxt = [i]
    cur.append(nxt)
    cur = nxt
print(nested)
big = [[i, str(i), i / 2] for i in range(300)]
s = repr(big)
print(len(s), s[:80], s[-60:])
total = 0
for i in range(1000):
    total += len(repr((i, [i, i * 0.5], {"k": i})))
print("total", total)
