# nan identity vs equality: containers compare elements by identity first.
nan = float("nan")
inf = float("inf")
print(nan == nan, nan is nan, nan != nan)
print([1.0, nan, inf] == [1.0, nan, inf], nan in [nan], nan in [float("nan")])
print((nan,) == (nan,), [nan] == [float("nan")])
d = {nan: "x"}
print(d[nan], len(d), float("nan") in d)
hits = 0
lst = [nan] * 10
for i in range(1000):
    if lst[i % 10] in lst:
        hits += 1
    if lst[i % 10] == lst[i % 10]:
        hits += 1000
print("hits", hits)
