def param_cell(x):
    def get():
        return x
    x += 1
    return get
print(param_cell(5)())
def gen_mod():
    n = 0
    def g():
        nonlocal n
        while n < 3:
            n += 1
            yield n
    it = g()
    first = next(it)
    return first, n, list(it), n
print(gen_mod())
def rec_closure():
    def fact(k):
        return 1 if k <= 1 else k * fact(k - 1)
    return fact(20)
print(rec_closure())
class A:
    def m(self):
        def inner():
            return __class__.__name__
        return inner()
    def s(self):
        return super().__class__.__name__ if False else "skip"
print(A().m(), A().s())
def cell_del():
    v = 1
    def f():
        return v
    del v
    try:
        return f()
    except NameError as e:
        return type(e).__name__ + ": " + str(e)
print(cell_del())
def counter_list():
    fs = []
    i = 0
    while i < 3:
        fs.append(lambda: i)
        i += 1
    return [f() for f in fs]
print(counter_list())
def shared():
    x = []
    def add(v):
        x.append(v)
    def rebind():
        nonlocal x
        x = ["fresh"]
    add(1); rebind(); add(2)
    return x
print(shared())
def adders():
    return {name: (lambda n: lambda v: v + n)(n) for name, n in [("one", 1), ("ten", 10)]}
a = adders()
print(a["one"](5), a["ten"](5))
def nested_comp_closure():
    k = 3
    return [[k * i + j for j in range(2)] for i in range(3)]
print(nested_comp_closure())
def late_bind_default():
    fs = []
    for i in range(3):
        fs.append(lambda x, i=i: x * i)
    return [f(10) for f in fs]
print(late_bind_default())
x = 0
def global_in_nested():
    def inner():
        global x
        x += 5
    for _ in range(10):
        inner()
global_in_nested()
print(x)
def closure_over_class_var():
    class C:
        val = 7
        def get(self):
            return val
    val = "enclosing"
    return C().get()
print(closure_over_class_var())
def many_cells():
    a, b, c, d = 1, 2, 3, 4
    def f():
        return a + b + c + d
    a = 10
    return f()
print(many_cells())
fs = []
for i in range(5):
    def mk(i):
        return lambda: i * i
    fs.append(mk(i))
print([f() for f in fs])
