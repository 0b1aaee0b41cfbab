# Hot set loops: membership, dedup, set algebra in loops.
visited = set()
frontier = [0]
while frontier:
    nxt = []
    for n in frontier:
        for m in (n * 2 % 3001, (n + 7) % 3001, (n * n + 1) % 3001):
            if m not in visited:
                visited.add(m)
                nxt.append(m)
    frontier = nxt
print(len(visited))
a = set(range(0, 3000, 3))
b = set(range(0, 3000, 5))
tot = 0
for i in range(100):
    tot += len(a & b) + len(a - b) + len((a ^ b) & {i, i + 1, i + 2})
print(tot)
words = ["w%d" % (i % 150) for i in range(5000)]
uniq = set(words)
print(len(uniq), "w7" in uniq, "w150" in uniq)
pairs = set()
for i in range(1000):
    pairs.add((i % 10, i % 7))
print(len(pairs), sorted(pairs)[:6])
small = {i % 8 for i in range(1000)}
print(small)
