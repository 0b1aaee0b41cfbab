def f(xs):
    t = 0
    for x in xs:
        if x:
            t += 1
        if x is None:
            t += 2
    return t


print(f([1, 0, 2, 3] * 25))
