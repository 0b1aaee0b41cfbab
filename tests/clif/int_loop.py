# Small-int arithmetic and a compare in a while loop.
def f(n):
    t = 0
    i = 0
    while i < n:
        t = t + i * 3 - 1
        i = i + 1
    return t
print(f(200))
