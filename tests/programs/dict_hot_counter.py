# Hot dict loops: counting, memoization, int/tuple/str keys.
counts = {}
for i in range(20000):
    k = (i * 7) % 101
    counts[k] = counts.get(k, 0) + 1
print(len(counts), counts[0], counts[100], sum(counts.values()))
memo = {}
def fib(n):
    if n < 2:
        return n
    if n in memo:
        return memo[n]
    r = fib(n - 1) + fib(n - 2)
    memo[n] = r
    return r
print(fib(200), len(memo))
grid = {}
for x in range(60):
    for y in range(60):
        grid[(x, y)] = (x * y) % 10
s = 0
for (x, y), v in grid.items():
    if x == y:
        s += v
print("diag", s, len(grid))
words = "alpha beta gamma delta alpha beta alpha epsilon".split()
wc = {}
for _ in range(500):
    for w in words:
        wc[w] = wc.get(w, 0) + 1
print(sorted(wc.items()))
d = {}
for i in range(5000):
    d[i] = i
    if i >= 100:
        del d[i - 100]
print(len(d), min(d), max(d))
mixed = {}
for i in range(1000):
    mixed[i] = "int"
    mixed[float(i) + 0.5] = "float"
    mixed[str(i)] = "str"
print(len(mixed), mixed[5], mixed[5.5], mixed["5"], mixed[5.0])
