# Iteration order and views.
d = {}
for w in "one two three four five six seven eight nine ten".split():
    d[w] = len(w)
print(d)
for k in d:
    print(k, d[k], end="; ")
print()
for k, v in d.items():
    if v == 3:
        print("three letters:", k)
print(list(d.keys())[:3], list(d.values())[-3:], len(d.items()))
d["one"] = 100
print(list(d)[:2])
del d["two"]
d["two"] = 2
print(list(d))
ks = d.keys()
d["eleven"] = 6
print(len(ks), "eleven" in ks, 100 in d.values(), ("one", 100) in d.items())
total = 0
for i in range(300):
    for k, v in d.items():
        total += v
print("total", total)
squares = {i: i * i for i in range(10)}
for k in list(squares):
    if k % 3 == 0:
        del squares[k]
print(squares)
print(sorted(d.items(), key=lambda kv: (-kv[1], kv[0]))[:4])
