m = [[i * j for j in range(5)] for i in range(5)]
print(m)
print([x for row in m for x in row if x % 2 == 0 and x > 2])
print({i: i * i for i in range(10) if i % 3})
print(sorted({x % 5 for x in range(100)}))
print([(a, b) for a in range(4) for b in range(a) if (a + b) % 2])
print([[y for y in range(x)] for x in range(4)])
t = [[1, 2], [3, 4], [5, 6]]
print([list(r) for r in zip(*t)])
x = 10
print([x for x in range(3)], x)
print({k: v for k, v in zip("abc", range(3))})
words = ["apple", "bob", "kayak", "level", "tree"]
print([w for w in words if w == w[::-1]])
print([i if i % 2 else -i for i in range(8)])
print(sum([[1], [2, 3], [4]], []))
print({(i, j): i + j for i in range(2) for j in range(2)})
flat = [c for w in words for c in w if c in "aeiou"]
print(flat, len(flat))
print(list(map(lambda p: p[0] * p[1], [(i, i + 1) for i in range(5)])))
class C:
    vals = [1, 2, 3]
    doubled = [v * 2 for v in vals]
print(C.doubled)
print([[(i, j) for j in range(i, 3)] for i in range(3)])
big = [i for i in range(100000) if i % 7 == 3]
print(len(big), big[-1], sum(big))
