def r(n):
    return r(n + 1) + 1
print("go")
r(0)
