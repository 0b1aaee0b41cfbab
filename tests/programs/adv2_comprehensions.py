N = 300
sq = [x * x for x in range(N) if x % 3 == 0 if x % 2]
print(len(sq), sq[:5], sum(sq))
pairs = [(i, j) for i in range(20) for j in range(i) if (i + j) % 7 == 0]
print(len(pairs), pairs[:6], pairs[-2:])
d = {i: i * i for i in range(50) if i % 5}
print(list(d.items())[:5], len(d))
s = {x % 17 for x in range(1000)}
print(s, sorted(s) == list(s))
nested = [[j for j in range(i)] for i in range(6)]
print(nested)
flat = [y for row in nested for y in row if y]
print(flat)
vals = [y for x in range(20) if (y := x * 3) % 2 == 0]
print(vals, y)
total = 0
data = list(range(100))
while (chunk := data[:7]):
    data = data[7:]
    total += sum(chunk)
print(total)
matrix = [[r * 4 + c for c in range(4)] for r in range(4)]
print([list(col) for col in zip(*matrix)])
print({k: v for k, v in zip("abcdef", range(6)) if v != 2})
print([(lambda q: q + 1)(i) for i in range(3)])
print(sum(x for x in range(10**5) if x & 1))
print(max((x * 7) % 101 for x in range(1000)), min(range(5, 0, -1)))
c = [i for i in range(10)]
print([c[i] for i in range(len(c) - 1, -1, -3)])
print({(a, b) for a in range(3) for b in range(3) if a != b} == {(0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1)})
x = 10
print([x for x in range(3)], x)
print(any(v > 98 for v in range(100)), all(v < 50 for v in range(100)), any([]), all([]))
