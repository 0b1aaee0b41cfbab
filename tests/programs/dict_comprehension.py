# Dict comprehensions, dict from zip, merging, inversion and grouping in loops.
squares = {n: n * n for n in range(12)}
print(squares)
evens = {k: v for k, v in squares.items() if k % 2 == 0}
print(evens)
inv = {v: k for k, v in squares.items()}
print(inv[81], inv[121], len(inv))
names = ["ann", "bob", "cy", "dee", "eve", "fay"]
ages = [31, 25, 40, 25, 31, 19]
people = dict(zip(names, ages))
print(people)
by_age = {}
for n, a in people.items():
    by_age.setdefault(a, []).append(n)
print(by_age)
print({a: sorted(ns) for a, ns in sorted(by_age.items())})
merged = dict(people)
merged.update({"bob": 26, "gus": 50})
print(merged)
letters = {c: ord(c) - 96 for c in "hello world" if c != " "}
print(letters)
big = {i: str(i) for i in range(5000)}
tot = 0
for k in range(0, 5000, 7):
    tot += len(big[k])
print(len(big), tot, big[4999])
nested = {i: {j: i * j for j in range(3)} for i in range(3)}
print(nested)
counts = {w: 0 for w in ["x", "y", "z"]}
for i in range(3000):
    counts["xyz"[i % 3]] += i
print(counts)
