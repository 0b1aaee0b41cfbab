# Changing class attributes mid-loop, including type changes.
class Conf:
    factor = 2
    label = "x"
c = Conf()
out = 0
for i in range(3000):
    if i == 1000:
        Conf.factor = 0.5
    if i == 2000:
        Conf.factor = 3 * 10 ** 20
    out += c.factor
print("out", out)
labels = []
for i in range(30):
    if i == 10:
        Conf.label = 7
    if i == 20:
        Conf.label = None
    labels.append(Conf.label)
print(labels[::5])
class A:
    x = 1
class B(A):
    pass
b = B()
vals = []
for i in range(100):
    if i == 25:
        A.x = 2
    if i == 50:
        B.x = 3
    if i == 75:
        del B.x
        A.x = 4
    vals.append(b.x)
print(vals[0], vals[25], vals[50], vals[75], sum(vals))
class Counter:
    count = 0
    def inc(self):
        Counter.count += 1
cs = [Counter() for _ in range(5)]
for i in range(1000):
    cs[i % 5].inc()
print(Counter.count, cs[0].count)
