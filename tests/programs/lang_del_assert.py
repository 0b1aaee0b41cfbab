# del of names, items and attributes; assert.
x = 5
print(x)
del x
try:
    print(x)
except NameError as e:
    print("NameError:", e)
lst = list(range(10))
del lst[0]
print(lst)
del lst[-1]
print(lst)
del lst[2]
print(lst)
d = {"a": 1, "b": 2, "c": 3}
del d["b"]
print(d)
try:
    del d["zz"]
except KeyError as e:
    print("KeyError:", e)
class Obj:
    pass
o = Obj()
o.a = 1
o.b = 2
print(hasattr(o, "a"), hasattr(o, "b"))
del o.a
print(hasattr(o, "a"), hasattr(o, "b"))
try:
    del o.a
except AttributeError as e:
    print("AttributeError:", e)
assert 1 + 1 == 2
assert len(lst) == 7, "length wrong"
try:
    assert 1 > 2, "one is not greater than two"
except AssertionError as e:
    print("AssertionError:", e, e.args)
try:
    assert False
except AssertionError as e:
    print("bare assert args:", e.args)
work = list(range(3000))
while work:
    del work[-1]
    if len(work) % 1000 == 0:
        print("remaining", len(work))
n = 0
for i in range(2000):
    tmp = i * 2
    assert tmp % 2 == 0, "odd?"
    n += tmp
    del tmp
print("n", n)
a, b = 1, 2
del a, b
try:
    print(a)
except NameError as e:
    print("after del:", e)
