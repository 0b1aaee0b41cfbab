# Generic instructions run whole through their helpers (string formatting, a dict).
def f(n):
    d = {}
    for i in range(n):
        d[i % 5] = f"{i}"
    return d
print(f(200))
