# Iteration over a list and a tuple, with truth tests.
def f(xs, ys):
    t = 0
    for x in xs:
        for y in ys:
            if x and y:
                t += 1
    return t
print(f(list(range(40)), (0, 1, 2)))
