# Exceptions propagating through several frames, handled at different depths.
def d4(x):
    if x % 5 == 0:
        raise KeyError(x)
    if x % 7 == 0:
        raise IndexError(x)
    return x
def d3(x):
    try:
        return d4(x) + 1
    except IndexError:
        return -1
def d2(x):
    return d3(x) * 2
def d1(x):
    try:
        return d2(x)
    except KeyError as e:
        return 1000 + e.args[0]
res = [d1(i) for i in range(30)]
print(res)
total = 0
for i in range(5000):
    total += d1(i)
print("total", total)
cleanup = []
def a(n):
    try:
        return b(n)
    finally:
        cleanup.append("a")
def b(n):
    try:
        return c(n)
    finally:
        cleanup.append("b")
def c(n):
    if n:
        raise ValueError("deep")
    return "fine"
print(a(0), cleanup)
cleanup.clear()
try:
    a(1)
except ValueError as e:
    print("caught", e, cleanup)
def rec(n):
    if n == 0:
        raise LookupError("bottom")
    return rec(n - 1)
try:
    rec(200)
except LookupError as e:
    print("from depth 200:", e)
