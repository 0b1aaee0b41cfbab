# List loads and stores with small-int indices.
def f(n):
    xs = [0] * 10
    for i in range(n):
        xs[i % 10] = xs[(i + 1) % 10] + 1
    return xs
print(f(200))
