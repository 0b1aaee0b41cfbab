def f(a, b):
    pass
f(1, 2, 3)
