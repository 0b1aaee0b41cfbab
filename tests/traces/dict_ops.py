def f(n):
    d = {}
    for i in range(n):
        d[i % 7] = d.get(i % 7, 0) + 1
    return sorted(d.items())


print(f(100))
