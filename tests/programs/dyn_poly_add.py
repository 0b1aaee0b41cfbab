# Polymorphic + and * on int/float/str/list/tuple in one loop and one site.
def add(a, b):
    return a + b
pairs = [(1, 2), (1.5, 2), (2, 0.25), ("ab", "cd"), ([1], [2, 3]), ((1,), (2,)), (2 ** 64, 2 ** 64), (True, 1), (-1, 1.0)]
for a, b in pairs:
    print(repr(add(a, b)))
res = []
for i in range(9000):
    a, b = pairs[i % 9]
    res.append(add(a, b))
print(len(res), res[:9])
acc_int = 0
acc_flt = 0.0
acc_str = ""
acc_lst = []
for i in range(3000):
    x = [i, i * 0.5, "c", [i]][i % 4]
    if i % 4 == 0:
        acc_int = acc_int + x
    elif i % 4 == 1:
        acc_flt = acc_flt + x
    elif i % 4 == 2:
        acc_str = acc_str + x
    else:
        acc_lst = acc_lst + x
print(acc_int, acc_flt, len(acc_str), len(acc_lst), acc_lst[:5])
muls = [(3, 4), (2.5, 2), ("ab", 3), ([0], 4), ((1, 2), 2), (2 ** 40, 2 ** 40), (3, "x")]
for a, b in muls:
    print(repr(a * b))
v = 1
for i in range(200):
    v = v + (1 if i % 3 == 0 else 0.5 if i % 3 == 1 else 2 ** 62)
print(v)
try:
    add([1], (2,))
except TypeError as e:
    print("TypeError:", e)
try:
    add("s", 1)
except TypeError as e:
    print("TypeError:", e)
try:
    add(1, None)
except TypeError as e:
    print("TypeError:", e)
cmp = []
items = [3, 2.5, 2 ** 70, -1, 0.0, True]
for i in range(600):
    a = items[i % 6]
    b = items[(i + 1) % 6]
    cmp.append(a < b)
print(cmp[:6], sum(cmp))
