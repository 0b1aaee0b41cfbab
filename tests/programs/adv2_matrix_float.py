def matmul(a, b):
    n, m, p = len(a), len(b), len(b[0])
    return [[sum(a[i][k] * b[k][j] for k in range(m)) for j in range(p)] for i in range(n)]
A = [[(i * j + 1) % 7 for j in range(12)] for i in range(12)]
B = [[(i + 2 * j) % 5 - 2 for j in range(12)] for i in range(12)]
C = matmul(A, B)
print(C[0], C[-1], sum(map(sum, C)))
F = [[x / 3 for x in row] for row in A]
G = matmul(F, B)
print([round(v, 6) for v in G[3]], repr(G[5][5]))
def det(m):
    m = [row[:] for row in m]
    n = len(m)
    d = 1.0
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        if abs(m[p][c]) < 1e-12:
            return 0.0
        if p != c:
            m[c], m[p] = m[p], m[c]
            d = -d
        d *= m[c][c]
        for r in range(c + 1, n):
            f = m[r][c] / m[c][c]
            for k in range(c, n):
                m[r][k] -= f * m[c][k]
    return d
H = [[1.0 / (i + j + 1) for j in range(6)] for i in range(6)]
print(det(H), det([[2, 1], [1, 3]]), det([[1, 2], [2, 4]]))
def mandel(w, h, it):
    out = []
    for y in range(h):
        row = ""
        for x in range(w):
            c = complex_re = -2.0 + 3.0 * x / w
            ci = -1.0 + 2.0 * y / h
            zr = zi = 0.0
            k = 0
            while k < it and zr * zr + zi * zi < 4.0:
                zr, zi = zr * zr - zi * zi + complex_re, 2 * zr * zi + ci
                k += 1
            row += " .:-=+*#%@"[k % 10]
        out.append(row)
    return out
for r in mandel(60, 20, 60):
    print(r)
