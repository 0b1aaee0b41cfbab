class A:
    x = 5
    y = [x * i for i in range(3)]
    def get(self):
        try:
            return x
        except NameError as e:
            return "NameError: " + str(e)
print(A.y, A().get())
class B:
    n = 3
    try:
        z = [i for i in range(3) if i < n]
    except NameError as e:
        z = "err " + str(e)
print(B.z)
x = "module"
class C:
    x = "class"
    def m(self):
        return x
    lam = lambda self: x
print(C().m(), C().lam(), C.x)
def outer():
    v = "enclosing"
    class D:
        v = "class-level"
        def m(self):
            return v
        w = v
    return D().m(), D.w
print(outer())
if True:
    def cond():
        return "first"
else:
    def cond():
        return "second"
print(cond())
for i in range(2):
    def looped():
        return i
print(looped())
def default_scope(a, b=x):
    return b
x = "changed"
print(default_scope(1))
k = [1, 2, 3]
def uses_k():
    return sum(k)
k = [10]
print(uses_k())
i = 100
res = [i for i in range(3)]
print(i, res)
def gen_scope():
    n = 10
    g = (n * j for j in range(3))
    n = 20
    return list(g)
print(gen_scope())
def walrus_scope():
    data = [1, 5, 10, 15]
    if any((big := v) > 8 for v in data):
        return big
print(walrus_scope())
[last := q for q in range(5)]
print(last)
