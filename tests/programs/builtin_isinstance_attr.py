# isinstance, hasattr, getattr, setattr, type.
class A:
    kind = "A"
class B(A):
    pass
class C:
    pass
a, b, c = A(), B(), C()
print(isinstance(a, A), isinstance(b, A), isinstance(a, B), isinstance(c, A))
print(isinstance(1, int), isinstance(True, int), isinstance(1.0, int), isinstance("", str), isinstance([], (tuple, list)))
print(isinstance(None, type(None)), isinstance(3, (str, float)), isinstance(b, (C, B)))
print(type(b).__name__, type(a) is A, type(b) is A, type(True).__name__, type(None).__name__)
print(hasattr(a, "kind"), hasattr(a, "nope"), hasattr([], "append"), hasattr(1, "bit_length"))
print(getattr(b, "kind"), getattr(a, "missing", "dflt"), getattr(c, "x", None))
setattr(c, "x", 41)
print(c.x, getattr(c, "x") + 1)
try:
    getattr(c, "undefined_thing")
except AttributeError as e:
    print("AttributeError:", e)
names = ["f%d" % i for i in range(10)]
for i in range(500):
    setattr(c, names[i % 10], i)
print([getattr(c, n) for n in names])
total = 0
objs = [a, b, c, 1, "s", 2.5, [1], (1,), {}, None]
for i in range(3000):
    o = objs[i % len(objs)]
    if isinstance(o, A):
        total += 1
    elif isinstance(o, (int, float)):
        total += 10
    elif hasattr(o, "x"):
        total += 100
print("total", total)
print([type(o).__name__ for o in objs])
