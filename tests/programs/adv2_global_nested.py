counter = 0
def outer():
    def middle():
        def inner():
            global counter
            counter += 1
        for _ in range(100):
            inner()
    for _ in range(100):
        middle()
outer()
print(counter)
def shadow():
    counter = "local"
    def g():
        global counter
        return counter
    return g(), counter
print(shadow())
def nl():
    x = 0
    def a():
        nonlocal x
        x += 1
        def b():
            nonlocal x
            x *= 2
        b()
    for _ in range(10):
        a()
    return x
print(nl())
def make_accs():
    total = 0
    def add(n):
        nonlocal total
        total += n
        return total
    def reset():
        nonlocal total
        old, total = total, 0
        return old
    return add, reset
add, reset = make_accs()
for i in range(1000):
    add(i)
    if i % 300 == 299:
        print(reset())
print(add(0))
def unbound():
    try:
        print(q)
    except UnboundLocalError as e:
        print("ULE", e)
    q = 1
unbound()
gx = 1
def read_then_assign():
    try:
        gx += 1
    except UnboundLocalError as e:
        print("ULE", e)
read_then_assign()
def gdef():
    global newglobal
    newglobal = "created"
gdef()
print(newglobal)
class Scope:
    y = 10
    z = [y * i for i in range(3)] if False else None
    w = y + 1
    def m(self):
        try:
            return y
        except NameError as e:
            return "NE " + str(e)
print(Scope.w, Scope().m())
