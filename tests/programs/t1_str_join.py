# str.join sizes its result first and copies each part once: lists and tuples are read in
# place, other iterables are collected first. Non-ASCII parts keep code-point lengths right.
print("-".join(["a", "bé", "c"]), "".join([]), ",".join(("x",)), "ü".join(iter(["1", "2"])))
print(len("ü".join(["é", "ß"])), "ü".join(["é", "ß"])[2], "".join(["€"] * 3)[1:])
for bad in (["a", 1], ("b", None), iter(["c", 2.5])):
    try:
        ", ".join(bad)
    except TypeError as e:
        print("TypeError:", e)
s = "ab" * 50000
big = "".join([s, s, s])
print(len(big), big[-3:], big.count("ba"))
print("".join(x.upper() for x in "xyz"), "+".join(map(str, range(5))))
# A hot loop building strings with + and join, then slicing them.
acc = []
for i in range(200):
    t = "k" + str(i) + "é"
    acc.append(t + t[:2])
joined = "|".join(acc)
print(len(joined), joined[:20], joined[-12:])
parts = joined.split("|")
print(len(parts), parts[57], "|".join(parts) == joined)
