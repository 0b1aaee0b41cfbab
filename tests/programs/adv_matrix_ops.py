def matmul(a, b):
    n, m, p = len(a), len(b), len(b[0])
    return [[sum(a[i][k] * b[k][j] for k in range(m)) for j in range(p)] for i in range(n)]
def identity(n):
    return [[1 if i == j else 0 for j in range(n)] for i in range(n)]
def matpow(m, e):
    r = identity(len(m))
    while e:
        if e & 1:
            r = matmul(r, m)
        m = matmul(m, m)
        e >>= 1
    return r
fibm = matpow([[1, 1], [1, 0]], 200)
print(fibm[0][1])
a = [[i + j for j in range(4)] for i in range(4)]
print(matmul(a, a))
def transpose(m):
    return [list(r) for r in zip(*m)]
print(transpose(a) == [[a[j][i] for j in range(4)] for i in range(4)])
def det(m):
    if len(m) == 1:
        return m[0][0]
    return sum((-1) ** c * m[0][c] * det([r[:c] + r[c + 1:] for r in m[1:]]) for c in range(len(m)))
print(det([[2, 0, 1], [1, 3, 2], [1, 1, 1]]), det([[1.5, 2], [3, 4]]))
fm = [[1.0 / (i + j + 1) for j in range(5)] for i in range(5)]
print(det(fm))
def gauss(m, v):
    n = len(m)
    m = [row[:] + [v[i]] for i, row in enumerate(m)]
    for c in range(n):
        piv = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[piv] = m[piv], m[c]
        for r in range(c + 1, n):
            f = m[r][c] / m[c][c]
            for k in range(c, n + 1):
                m[r][k] -= f * m[c][k]
    x = [0.0] * n
    for i in range(n - 1, -1, -1):
        x[i] = (m[i][n] - sum(m[i][k] * x[k] for k in range(i + 1, n))) / m[i][i]
    return x
sol = gauss([[2, 1, -1], [-3, -1, 2], [-2, 1, 2]], [8, -11, -3])
print(sol, [round(s, 10) for s in sol])
grid = [[(i * 31 + j * 17) % 10 for j in range(30)] for i in range(30)]
best = 0
for i in range(30):
    for j in range(30):
        s = sum(grid[i][j:j + 4]) if j + 4 <= 30 else 0
        best = max(best, s)
print(best, sum(map(sum, grid)))
