l = [1, 2, 3]
for x in l:
    if len(l) < 10:
        l.append(x * 10)
print(l)
l = list(range(10))
for x in l:
    l.remove(x)
print(l)
s = {1, 2, 3}
try:
    for x in s:
        s.add(x + 10)
except RuntimeError as e:
    print("RE", e)
d = {1: 1, 2: 2}
try:
    for k in d:
        del d[k]
except RuntimeError as e:
    print("RE", e)
d = {1: 1, 2: 2}
for k in d:
    d[k] = 5
print(d)
def bad_key(x):
    if x == 7:
        raise KeyError("seven")
    return -x
try:
    sorted(range(10), key=bad_key)
except KeyError as e:
    print("KE", e)
class BadEq:
    def __eq__(self, o):
        raise ValueError("no eq")
    __hash__ = object.__hash__
try:
    print(BadEq() in [1, 2, BadEq()])
except ValueError as e:
    print("VE", e)
class BadHash:
    def __hash__(self):
        raise TypeError("no hash for you")
try:
    {BadHash(): 1}
except TypeError as e:
    print("TE", e)
try:
    [1 / (i - 3) for i in range(5)]
except ZeroDivisionError as e:
    print("ZDE", e)
def gen_ctx():
    try:
        raise ValueError("ctx")
    except ValueError:
        yield 1
        yield 2
print(list(gen_ctx()))
def gen_finally():
    try:
        yield 1
    finally:
        yield "from finally"
print(list(gen_finally()))
it = iter([1, 2, 3])
for a in it:
    for b in it:
        print(a, b)
lst = [0] * 5
i = 0
for lst[i] in range(5):
    i = lst[i] % 4
print(lst)
class Obj: pass
o = Obj()
for o.attr in "xyz":
    pass
print(o.attr)
dd = {}
for dd["k"] in range(3):
    pass
print(dd)
