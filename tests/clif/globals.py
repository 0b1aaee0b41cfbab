# Globals and builtins (keys-version guards, entry loads).
K = 3
def f(n):
    t = 0
    for i in range(n):
        t += K + len("ab")
    return t
print(f(200))
