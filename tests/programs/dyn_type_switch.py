# Values switching from int to float to str in the same loop / same variable.
x = 0
results = []
for i in range(3000):
    if i < 1000:
        x = i
    elif i < 2000:
        x = i * 0.5
    else:
        x = str(i)
    results.append(x * 2)
print(results[0], results[999], results[1000], results[1999], results[2000], results[-1])
print(type(results[5]).__name__, type(results[1500]).__name__, type(results[2500]).__name__)
class Holder:
    pass
h = Holder()
acc = []
for i in range(900):
    if i % 3 == 0:
        h.v = i
    elif i % 3 == 1:
        h.v = i / 4
    else:
        h.v = "s%d" % i
    acc.append(h.v + h.v)
print(acc[:6], acc[-3:])
def double(v):
    return v + v
kinds = []
for i in range(1200):
    arg = [i, float(i), str(i), [i], (i,), 2 ** 70 + i][i % 6]
    kinds.append(double(arg))
print(kinds[:6])
print(kinds[-6:])
total = 0
for i in range(3000):
    v = i if i % 2 else i * 1.0
    if i > 2500:
        v = 2 ** 64 + i
    total = total + v
print("total", total, type(total).__name__)
lst = [1, 2.0, "3", True, None, 2 ** 80]
names = []
for i in range(600):
    names.append(type(lst[i % 6]).__name__)
print(names[:6], len(names))
