# global and nonlocal statements.
counter = 0
def bump(k):
    global counter
    counter += k
for i in range(1000):
    bump(i % 3)
print("counter", counter)
def make_global():
    global created
    created = "made in function"
make_global()
print(created)
def outer():
    x = 0
    def inc():
        nonlocal x
        x += 1
        return x
    for _ in range(500):
        inc()
    return x
print("outer", outer())
def level1():
    a = 1
    def level2():
        nonlocal a
        a += 10
        def level3():
            nonlocal a
            a *= 2
        level3()
    level2()
    level2()
    return a
print("levels", level1())
value = "global"
def shadow():
    value = "local"
    return value
print(shadow(), value)
def reads_global():
    return value + "!"
print(reads_global())
g = 0
def loop_global():
    global g
    for i in range(3000):
        g = g + i
    return g
print(loop_global(), g)
