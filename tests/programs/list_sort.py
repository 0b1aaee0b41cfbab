# list.sort with key/reverse; stability.
a = [5, 2, 9, 1, 5, 6]
a.sort()
print(a)
a.sort(reverse=True)
print(a)
w = ["banana", "Apple", "cherry", "date", "Elder", "fig"]
w.sort()
print(w)
w.sort(key=len)
print(w)
w.sort(key=lambda s: s.lower(), reverse=True)
print(w)
recs = [(i % 5, i) for i in range(20)]
recs.sort(key=lambda r: r[0])
print(recs)
data = [(i * 2654435761) % 4294967296 for i in range(2000)]
data.sort()
ok = True
for i in range(1, len(data)):
    if data[i - 1] > data[i]:
        ok = False
print(ok, data[0], data[-1], data[1000])
f = [3.5, -1.25, 2, 0, 1e10, -1e-3, 7]
f.sort()
print(f)
nested = [[3, "c"], [1, "z"], [2, "b"], [1, "a"]]
nested.sort()
print(nested)
try:
    [1, "a"].sort()
except TypeError as e:
    print("TypeError raised", type(e).__name__)
e = []
e.sort()
print(e, a.sort() is None)
