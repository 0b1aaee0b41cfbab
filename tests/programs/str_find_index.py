# find, rfind, index, startswith, endswith, indexing, iteration.
s = "hello world, hello python"
print(s.find("hello"), s.find("hello", 1), s.rfind("hello"), s.find("xyz"), s.rfind("o"), s.find(""), s.rfind(""))
print(s.find("o", 5, 10), s.rfind("l", 0, 5), s.index("world"), s.index("o", 6))
try:
    s.index("zzz")
except ValueError as e:
    print("ValueError:", e)
print(s.startswith("hello"), s.startswith("world", 6), s.endswith("python"), s.endswith("hello"))
print(s.startswith(("x", "he")), s.endswith(("on", "zz")), "".startswith(""), "abc".endswith(""))
print(s[0], s[-1], s[4], len(s))
for i, ch in enumerate("abc"):
    print(i, ch)
pos = []
start = 0
while True:
    i = s.find("l", start)
    if i < 0:
        break
    pos.append(i)
    start = i + 1
print(pos)
hay = "ab" * 500 + "needle" + "cd" * 500
total = 0
for i in range(300):
    total += hay.find("needle") + hay.rfind("ab") + hay.find("c", i)
print("total", total)
n = 0
names = ["test_a", "prod_b", "test_c", "dev_d", "prod_e"] * 200
for nm in names:
    if nm.startswith("test"):
        n += 1
    elif nm.endswith(("_b", "_e")):
        n += 10
print("n", n)
try:
    s[100]
except IndexError as e:
    print("IndexError:", e)
