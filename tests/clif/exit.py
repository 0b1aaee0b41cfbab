# A type guard that fails late: the loop's trace leaves through a side exit.
def f(items):
    t = 0
    for x in items:
        t = t + x
    return t
print(f([1] * 150 + [1.5] * 50))
