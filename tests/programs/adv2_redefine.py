def f(x):
    return x + 1
total = 0
for i in range(30000):
    total += f(i)
    if i == 10000:
        def f(x):
            return x * 2
    if i == 20000:
        f = lambda x: -x
print(total)
def g(n):
    global g
    s = 0
    for i in range(n):
        s += h(i)
    return s
def h(i):
    return i % 7
print(g(10000))
old_h = h
def h(i):
    return i % 3
print(g(10000))
def selfredef(i):
    global selfredef
    def selfredef(i):
        return i * 100
    return i
print([selfredef(i) for i in range(5)])
class K:
    def m(self, i):
        if i == 500:
            K.m = lambda self, i: i * 3
        return i
k = K()
print(sum(k.m(i) for i in range(1000)))
