counter = 0
def inc():
    global counter
    counter += 1
for _ in range(1000):
    inc()
print(counter)
def make():
    x = 0
    def a():
        nonlocal x
        x += 1
        return x
    def b():
        nonlocal x
        x *= 10
        return x
    return a, b
a, b = make()
print(a(), b(), a(), b())
def define_global():
    global NEW_G
    NEW_G = "created"
define_global()
print(NEW_G)
def f():
    try:
        print(before)
    except NameError as e:
        print("NameError", e)
f()
before = 1
f()
def g():
    x = 1
    del x
    try:
        return x
    except UnboundLocalError as e:
        return "unbound: " + str(e)
print(g())
def h():
    print(counter)
    counter = 5
try:
    h()
except UnboundLocalError as e:
    print("UnboundLocalError", e)
gl = globals()
gl['dyn'] = 42
print(dyn)
def deep():
    v = 1
    def l1():
        def l2():
            def l3():
                nonlocal v
                v += 100
            l3()
        l2()
    l1()
    return v
print(deep())
x = 10
def shadow_param(x):
    x += 1
    return x
print(shadow_param(5), x)
del counter
try:
    print(counter)
except NameError as e:
    print("NameError", e)
