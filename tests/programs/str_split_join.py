# split, rsplit, join.
s = "the quick  brown fox jumps over the lazy dog"
print(s.split(), s.split(" "), s.split("o"), s.split(" ", 2), s.rsplit(" ", 2), s.rsplit())
print("a,b,,c,".split(","), ",".split(","), "".split(","), "".split(), "   ".split(), "  x  y ".split())
print("a::b::c".split("::"), "abc".split("abc"), "1-2-3-4".rsplit("-", 1), "1-2-3-4".split("-", 0))
print("line1\nline2\tword  end".split())
print("-".join(["a", "b", "c"]), "".join([]), ", ".join("xyz"), " ".join(str(i) for i in range(5)))
print("|".join(("solo",)), "ab".join(["1", "2", "3"]))
try:
    "".join([1, 2])
except TypeError as e:
    print("TypeError:", e)
csv = "\n".join(",".join(str(r * 10 + c) for c in range(5)) for r in range(200))
rows = csv.split("\n")
total = 0
for row in rows:
    for cell in row.split(","):
        total += int(cell)
print(len(rows), total)
words = (s + " ") * 100
counts = {}
for w in words.split():
    counts[w] = counts.get(w, 0) + 1
print(sorted(counts.items()))
rebuilt = " ".join(reversed(s.split()))
print(rebuilt)
