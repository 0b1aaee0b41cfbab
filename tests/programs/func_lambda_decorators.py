# Lambdas and decorators (plain functions).
sq = lambda x: x * x
add = lambda a, b=10: a + b
print(sq(7), add(1), add(1, 2), (lambda: "noargs")(), (lambda *a, **k: (a, sorted(k)))(1, 2, z=3))
calls = []
def trace(fn):
    def wrapper(*args, **kwargs):
        calls.append(fn.__name__)
        return fn(*args, **kwargs)
    return wrapper
def twice(fn):
    def wrapper(x):
        return fn(fn(x))
    return wrapper
@trace
def greet(name, punct="!"):
    return "hi " + name + punct
@twice
@twice
def plus3(x):
    return x + 3
print(greet("bob"), greet("al", punct="?"), calls)
print(plus3(0))
def repeat(n):
    def deco(fn):
        def wrapper(x):
            for _ in range(n):
                x = fn(x)
            return x
        return wrapper
    return deco
@repeat(5)
def dbl(x):
    return x * 2
print(dbl(1))
registry = {}
def register(fn):
    registry[fn.__name__] = fn
    return fn
@register
def alpha():
    return "A"
@register
def beta():
    return "B"
print(sorted(registry), registry["alpha"](), beta())
total = 0
for i in range(3000):
    total += plus3(i) + sq(i % 10)
print("total", total, len(calls))
ops = {"add": lambda a, b: a + b, "sub": lambda a, b: a - b, "mul": lambda a, b: a * b}
acc = 1
for i in range(1, 200):
    acc = ops[["add", "sub", "mul"][i % 3]](acc, i) % 1000003
print("acc", acc)
print(sorted([(1, "b"), (0, "z"), (1, "a")], key=lambda t: (t[0], t[1])))
print(greet.__name__, sq.__name__)
