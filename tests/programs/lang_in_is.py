# in / not in / is / is not.
lst = [1, 2, 3, "a", (4, 5)]
print(1 in lst, 9 in lst, "a" in lst, (4, 5) in lst, 9 not in lst)
print("ell" in "hello", "z" not in "hello", "" in "abc")
d = {"k": 1, 2: "two"}
print("k" in d, 1 in d, 2 in d, "two" in d, "two" in d.values())
s = {1, 2, 3}
print(2 in s, 5 in s, 5 not in s)
t = (1, 2.0, "x")
print(2 in t, 1.0 in t)
print(50 in range(5, 100, 5), 51 in range(5, 100, 5))
a = [1, 2]
b = a
c = [1, 2]
print(a is b, a is c, a == c, a is not c, None is None)
x = None
print(x is None, x is not None)
hits = 0
pool = list(range(0, 300, 7))
pset = set(pool)
for i in range(3000):
    if i in pset:
        hits += 1
    if (i % 300) in pool:
        hits += 1
print("hits", hits)
print(True is True, type(1) is int, type(1.0) is float, type("") is str)
