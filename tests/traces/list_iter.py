def f(xs):
    t = 0
    for x in xs:
        t = t + x
    return t


print(f(list(range(100))))
