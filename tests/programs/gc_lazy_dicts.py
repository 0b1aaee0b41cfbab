# Dicts join the cycle collector when they first hold a key or value that can be part of a
# cycle (:lazy-dict-track:): a dict of atoms is not tracked, one that comes to hold a list,
# dict, instance or class is, and cycles made through every kind of store (a new key, a
# replaced value, update, setdefault, a comprehension, **kwargs) are still found.
import gc


class C:
    pass


print(gc.is_tracked({}), gc.is_tracked({"a": 1, 2: "b", 3.5: None, "t": True}))
print(gc.is_tracked({"a": []}), gc.is_tracked({"k": C()}), gc.is_tracked({"cls": C}))
print(gc.is_tracked({"d": {}}), gc.is_tracked({"f": 1.5, "s": "x" * 3}))
d = {"x": 1}
print(gc.is_tracked(d))
d["x"] = [d]
print(gc.is_tracked(d))
d["x"] = 2
print(gc.is_tracked(d))
print(gc.is_tracked(C()), gc.is_tracked([]), gc.is_tracked(1), gc.is_tracked("s"), gc.is_tracked(None))
print(gc.is_tracked(dict(a=1)), gc.is_tracked(dict(a=[1])), gc.is_tracked({1: 2}.copy()))
print(gc.is_tracked({k: k * 2 for k in range(5)}), gc.is_tracked({k: [k] for k in range(5)}))


def kwargs(**kw):
    return gc.is_tracked(kw)


print(kwargs(), kwargs(a=1), kwargs(a=[]))


def cycles(n):
    for i in range(n):
        a = {"n": i}
        a["self"] = a
        b = {"v": 0}
        b["v"] = b
        c = {}
        c.update({"me": c})
        e = {}
        e.setdefault("me", e)
        f = {k: v for k, v in [("me", None)]}
        f["me"] = [f]

        def g(**kw):
            kw["me"] = kw
            return kw

        g(x=i)


def atoms(n):
    total = 0
    for i in range(n):
        m = {"i": i, "s": str(i)}
        m["i"] = i + 1
        total += m["i"]
    return total


gc.collect()
gc.disable()
print(atoms(3000))
cycles(1000)
found = gc.collect()
print(found >= 7000, gc.collect())
gc.enable()
cycles(2000)
print(gc.collect() < 14000)
