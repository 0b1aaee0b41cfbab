d = {}
for i in range(1000):
    d[i] = i
for i in range(0, 1000, 3):
    del d[i]
for i in range(0, 1000, 9):
    d[i] = -i
print(list(d)[:20], list(d)[-10:], len(d))
d2 = {}
for i in range(5000):
    k = (i * 7919) % 1000
    if k in d2:
        del d2[k]
    else:
        d2[k] = i
print(list(d2.items())[:10], len(d2))
e = dict.fromkeys("abcde", 0)
e.pop("b")
e["b"] = 1
e.update({"a": 9, "z": 3})
e.setdefault("c", 100)
e.setdefault("y", 7)
print(e, list(e.keys()), list(e.values()))
print(e.popitem(), e)
k = {1: 'a', 1.0: 'b', True: 'c'}
print(k)
m = {}
for w in range(20):
    m[str(w)] = w
for w in range(0, 20, 2):
    del m[str(w)]
m["0"] = "back"
print(m)
print({**{1: 2}, **{1: 3, 4: 5}}, dict([(1, 2), (3, 4)]), dict(a=1, b=2) | {"a": 0})
big = {i: str(i) for i in range(10000)}
for i in range(10000):
    if i % 2:
        del big[i]
print(len(big), list(big)[:5], sum(big))
dd = {"x": 1}
try:
    for kk in dd:
        dd["y"] = 2
except RuntimeError as err:
    print("RuntimeError", err)
print(sorted({3: 1, 1: 2, 2: 3}), sorted({3: 1, 1: 2}.items(), key=lambda kv: kv[1]), reversed({1: 2, 3: 4}).__next__())
