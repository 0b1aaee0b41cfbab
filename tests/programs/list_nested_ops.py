# Nested lists, matrix ops, list comparison, aliasing.
def matmul(a, b):
    n = len(a)
    m = len(b[0])
    k = len(b)
    out = [[0] * m for _ in range(n)]
    for i in range(n):
        for j in range(m):
            s = 0
            for t in range(k):
                s += a[i][t] * b[t][j]
            out[i][j] = s
    return out
a = [[i + j for j in range(12)] for i in range(12)]
b = [[i * j % 7 for j in range(12)] for i in range(12)]
c = matmul(a, b)
print(c[0], c[11])
print(sum(sum(row) for row in c))
ident = [[1 if i == j else 0 for j in range(4)] for i in range(4)]
m = [[1, 1], [1, 0]]
r = [[1, 0], [0, 1]]
for _ in range(90):
    r = matmul(r, m)
print("fib via matrix", r[0][1])
print(ident)
x = [1, [2, [3, [4]]]]
y = x[1]
y[0] = 20
print(x)
print([1, 2, 3] == [1, 2, 3], [1, 2] != [1, 2, 3], [[1]] == [[1]], [1, 2] < [1, 2, 3], [2] > [1, 9])
grid = [["." for _ in range(20)] for _ in range(6)]
for i in range(120):
    grid[i % 6][(i * 7) % 20] = "#" if i % 2 else "o"
for row in grid:
    print("".join(row))
flat = [v for row in c for v in row]
print(len(flat), max(flat), min(flat))
