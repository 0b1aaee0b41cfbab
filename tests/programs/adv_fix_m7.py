a = 1
print(dir())
def f():
    x = 1
    return dir()
print(f())
