# Uncaught IndexError: list index out of range.
xs = [10, 20, 30]
i = 0
while True:
    print("xs[%d] =" % i, xs[i])
    i += 1
