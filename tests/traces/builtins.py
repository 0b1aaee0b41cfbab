def f(xs):
    t = 0
    for x in xs:
        t += len(x) + abs(len(x) - 2)
    return t


print(f(["a", "bb", "ccc"] * 40))
