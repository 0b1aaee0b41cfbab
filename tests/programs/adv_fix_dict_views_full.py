d = {i: i * i for i in range(6)}
ks = d.keys()
vs = d.values()
its = d.items()
d[10] = 100
del d[0]
print(list(ks), list(vs), list(its), len(ks))
print(ks & {1, 2, 99}, ks | {50}, ks - {1, 2, 3}, ks ^ {1, 77}, 3 in ks, (3, 9) in its, (3, 8) in its, 9 in vs)
print(sorted(d, key=d.get, reverse=True), list(reversed(d)), list(reversed(d.items()))[:2], list(reversed(d.values()))[:2])
print({1: 2, 3: 4} == {3: 4, 1: 2}, {1: 2}.items() == {(1, 2)}, d.keys() == set(d), list(d.items())[0])
d2 = {}
d2["b"] = 1; d2["a"] = 2; d2["c"] = 3
del d2["b"]
d2["b"] = 4
print(d2, list(d2), next(iter(d2)))
d2["a"] = 100
print(d2)
print(dict.fromkeys("abc"), dict.fromkeys([1, 2], []), {k: v for k, v in [("x", 1), ("x", 2)]})
m = {"a": 1}
m |= {"b": 2}
print(m, m | {"a": 0}, {"a": 0} | m)
nest = {}
for w in "apple avocado banana blueberry cherry".split():
    nest.setdefault(w[0], []).append(w)
print(nest)
cnt = {}
for ch in "mississippi":
    cnt[ch] = cnt.get(ch, 0) + 1
print(cnt, max(cnt, key=cnt.get), sorted(cnt.items(), key=lambda kv: kv[1]))
print(list({(1, 2): "t", 3.5: "f", None: "n", True: "b"}.items()))
big = {}
for i in range(10000):
    big[i] = i
for i in range(0, 10000, 3):
    del big[i]
for i in range(5):
    big[-i] = i
print(len(big), list(big)[:5], list(big)[-5:])
try:
    for k in d:
        del d[k]
except RuntimeError as e:
    print("RuntimeError", e)
try:
    d.keys()[0]
except TypeError as e:
    print("TypeError", e)
print(repr(d.keys())[:9], repr({}.values()), repr({1: 2}.items()))
e = {}
print(e.pop("x", None), e.get("x", []), e.setdefault("y"), e, e.popitem() if e else None)
try:
    {}.popitem()
except KeyError as ex:
    print("KeyError", ex)
print(sorted({3: 1, 1: 2, 2: 3}.items(), key=lambda p: p[1], reverse=True), dict(sorted({"b": 1, "a": 2}.items())))
