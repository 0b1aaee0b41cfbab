# BINARY_OP_TRUE_DIVIDE_FLOAT: specialized float division, with a zero divisor deopting to
# the generic form, which raises ZeroDivisionError (caught here, and at the end uncaught
# inside a hot loop, so the traceback's line is checked too).


def ratios(xs, d):
    t = 0.0
    for x in xs:
        t += x / d
        t = t / 1.5
    return t


xs = [float(i) + 0.25 for i in range(200)]
print(round(ratios(xs, 3.0), 9))
print(round(ratios(xs, -0.5), 9))
caught = 0
for k in range(300):
    try:
        ratios(xs[:5], 0.0 if k % 50 == 49 else 2.0)
    except ZeroDivisionError as e:
        caught += 1
        msg = str(e)
print(caught, msg)
print(1.0 / 3.0, -7.5 / 2.5, 1e308 / 1e-10, 5.0 / -0.0 if False else 0.0 / 1.0)


def crash(n):
    t = 0.0
    for i in range(n):
        t += 1.0 / (float(n - 1 - i) - 0.0)
    return t


print(crash(4000))
