def f(n):
    xs = [0] * 10
    for i in range(n):
        xs[i % 10] = xs[(i + 1) % 10] + i
    return xs


print(f(100))
