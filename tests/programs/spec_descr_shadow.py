# LOAD_ATTR/STORE_ATTR with class-level descriptors swapped mid-loop: data vs non-data vs instance dict.
class NonData:
    def __init__(self, v):
        self.v = v
    def __get__(self, obj, owner):
        if obj is None:
            return self
        return self.v + 1000
class Data:
    def __init__(self):
        self.sets = 0
    def __get__(self, obj, owner):
        if obj is None:
            return self
        return obj.__dict__.get("_d", 0) * 2
    def __set__(self, obj, value):
        self.sets += 1
        obj.__dict__["_d"] = value
class T:
    def __init__(self, x):
        self.x = x
objs = [T(i) for i in range(4)]
total = 0
trace = []
for i in range(2400):
    o = objs[i % 4]
    total += o.x
    if i == 400:
        T.x = NonData(5)
    if i == 800:
        del objs[1].x
    if i == 1200:
        T.x = Data()
    if i == 1600:
        o.x = 21
        objs[2].x = 3
    if i == 2000:
        del T.x
        objs[1].x = -1
    if i % 400 == 399:
        trace.append(total)
print(total, trace, [sorted(o.__dict__.items()) for o in objs])
# non-data descriptor on the class, instance assignments shadow it for some objects only
class U:
    calc = NonData(1)
us = [U() for _ in range(5)]
s = 0
for i in range(1500):
    u = us[i % 5]
    s += u.calc
    if i % 300 == 0:
        us[(i // 300) % 5].calc = i
    if i == 1000:
        del us[0].calc
print(s, [u.__dict__.get("calc", "-") for u in us], U.calc.v)
# a data descriptor counting every STORE_ATTR from a hot loop
dd = Data()
class W:
    val = dd
w = W()
acc = 0
for i in range(1000):
    w.val = i
    acc += w.val
print(acc, dd.sets, w.__dict__["_d"])
# property replaced by a plain class attribute and back again while a loop reads it
class PR:
    def __init__(self):
        self.raw = 3
    p = property(lambda self: self.raw * 10)
pr = PR()
q = 0
for i in range(1200):
    q += pr.p
    if i == 300:
        PR.p = 7
    if i == 600:
        pr.p = 1
    if i == 900:
        PR.p = property(lambda self: -self.raw)
print(q, pr.__dict__.get("p"))
try:
    pr.p = 5
except AttributeError as e:
    # (the message names the property only when __set_name__ ran; tracelift always names it)
    print("AttributeError", "has no setter" in str(e))
