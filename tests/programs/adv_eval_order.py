log = []
def t(v):
    log.append(v)
    return v
d = {t("k1"): t("v1"), t("k2"): t("v2")}
print(log); log.clear()
def f(*a, **k):
    return a, k
f(t(1), t(2), x=t(3), *[t(4)], **{t("y"): t(5)})
print(log); log.clear()
l = [0, 0, 0]
l[t(1)] = t(9)
print(log, l); log.clear()
dd = {"a": 1}
dd[t("a")] += t(10)
print(log, dd); log.clear()
x = t(1) + t(2) * t(3)
print(log, x); log.clear()
y = t(0) or t(False) or t("end")
print(log, y); log.clear()
z = t(1) if t(False) else t(2)
print(log, z); log.clear()
class O:
    pass
o = O()
o.v = 1
def obj():
    log.append("obj")
    return o
obj().v += t(5)
print(log, o.v); log.clear()
a = b = c = []
a.append(1)
print(a, b, c, a is c)
p = []
p.append(p)
print(p, [p, p])
q = {}
q["self"] = q
print(q)
r = [1, 2, 3]
r[1:2] = r
print(r)
s = [3, 1, 2]
try:
    s.sort(key=lambda v: s.append(v) or v)
except ValueError as e:
    print("ValueError", e)
try:
    sorted([3, 1, 2], key=lambda v: 1 / (v - 1))
except ZeroDivisionError as e:
    print("ZDE", e)
i = 0
lst = [10, 20, 30]
i, lst[i] = 1, 99
print(i, lst)
xs = [t(i) for i in range(3) if t(i * 10) is not None]
print(log, xs); log.clear()
print(t("a") < t("b") < t("c"), log); log.clear()
print([t(1), *[t(2), t(3)], t(4)], log); log.clear()
m = {**{t("x"): t(1)}, t("y"): t(2)}
print(log, m); log.clear()
n = 5
n += n * 2
print(n)
tpl = (1, [2])
try:
    tpl[1] += [3]
except TypeError as e:
    print("TypeError", e)
print(tpl)
