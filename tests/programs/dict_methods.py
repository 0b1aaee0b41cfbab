# dict methods.
d = {"a": 1, "b": 2}
print(d.get("a"), d.get("z"), d.get("z", 0), d.setdefault("c", 3), d.setdefault("a", 100), d)
print(d.pop("b"), d.pop("zz", "default"), d)
try:
    d.pop("zz")
except KeyError as e:
    print("KeyError:", e)
d.update({"x": 10, "a": -1})
d.update(y=20)
d.update([("p", 0)])
print(d)
print(list(d.keys()), list(d.values()), list(d.items()))
print(d.popitem(), d)
c = d.copy()
c["new"] = 1
print(d, c)
c.clear()
print(c, len(c))
print(dict.fromkeys(["a", "b"]), dict.fromkeys("xy", 0), dict.fromkeys(range(3), []))
try:
    {}.popitem()
except KeyError as e:
    print("KeyError:", e)
try:
    d["missing"]
except KeyError as e:
    print("KeyError:", e, repr(e))
inv = {}
for i in range(3000):
    inv.setdefault(i % 13, []).append(i)
print(len(inv), [len(inv[k]) for k in sorted(inv)], inv[12][:3])
e = {}
for i in range(2000):
    e[i] = i * i
for i in range(0, 2000, 2):
    del e[i]
print(len(e), e.get(1999), e.get(1998), sum(e.values()) % 1000007)
print({1: "a", 2: "b"} == {2: "b", 1: "a"}, {1: 1} != {1: 1.0})
print({(1, 2): "tuple key", 3.5: "float", None: "none", True: "t"})
