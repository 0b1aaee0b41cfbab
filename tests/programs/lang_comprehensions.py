# list/dict/set comprehensions and generator expressions.
sq = [i * i for i in range(15)]
print(sq)
ev = [i for i in range(40) if i % 3 == 0 if i % 2 == 0]
print(ev)
pairs = [(i, j) for i in range(4) for j in range(i)]
print(pairs)
matrix = [[i * 4 + j for j in range(4)] for i in range(3)]
print(matrix)
transposed = [[row[c] for row in matrix] for c in range(4)]
print(transposed)
d = {i: i ** 3 for i in range(8)}
print(d)
inv = {v: k for k, v in d.items() if k % 2}
print(inv)
st = {i % 7 for i in range(100)}
print(st)
words = ["apple", "bob", "cat", "dodo", "eagle"]
lens = {w: len(w) for w in words}
print(lens)
print(sum(x * x for x in range(1000)))
print(max(len(w) for w in words), min(w for w in words if "o" in w))
print(list(c.upper() for c in "hey"))
big = [i % 97 for i in range(20000)]
print(len(big), sum(big))
flat = [x for row in matrix for x in row if x % 2]
print(flat)
x = 100
res = [x for x in range(3)]
print(res, x)
cond = ["even" if i % 2 == 0 else "odd" for i in range(5)]
print(cond)
nested_sets = sorted({(i % 3, i % 2) for i in range(30)})
print(nested_sets)
print(any(i > 900 for i in range(1000)), all(i < 900 for i in range(1000)))
counts = {}
for w in [w[0] for w in words * 200]:
    counts[w] = counts.get(w, 0) + 1
print(sorted(counts.items()))
