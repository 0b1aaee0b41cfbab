# Exception raised from a deep call chain escapes.
def level(n):
    if n == 0:
        raise LookupError("bottom of the chain reached")
    return level(n - 1) + 1
print("depth 0 guarded")
try:
    level(10)
except LookupError as e:
    print("caught once:", e)
def a():
    return b() * 2
def b():
    return c() + 1
def c():
    return level(50)
print("going deep")
a()
