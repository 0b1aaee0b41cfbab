# Functions as values: passing, returning, storing, attributes on function objects via dict.
def apply(f, *args):
    return f(*args)
def square(x):
    return x * x
print(apply(square, 5), apply(max, 3, 9, 2), apply(lambda: "z"))
table = [square, abs, str, float, lambda v: -v]
print([fn(-3) for fn in table])
def choose(op):
    if op == "sq":
        return square
    return lambda x: x
print(choose("sq")(12), choose("id")(12))
dispatch = {}
for name, fn in [("a", square), ("b", abs), ("c", lambda x: x + 1)]:
    dispatch[name] = fn
total = 0
for i in range(6000):
    total += dispatch["abc"[i % 3]](i - 3000)
print("total", total)
fns = [square] * 3
print(all(f is square for f in fns), square.__name__)
def returns_none():
    pass
def returns_bare():
    return
print(returns_none(), returns_bare())
def multi():
    return 1, "two", [3]
a, b, c = multi()
print(a, b, c, multi())
