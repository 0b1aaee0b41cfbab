# str() and bool().
print(str(1), str(-1), str(1.5), str(True), str(None), str([1, "a"]), str((1,)), str({"a": [1]}), str(""))
print(str(2 ** 100), str(-0.0), str(1e16), str(1e-5), str(12.0))
print(bool(1), bool(0), bool(""), bool("a"), bool([]), bool([0]), bool(None), bool(0.0), bool(-1), bool({}))
print(bool(), str())
parts = []
for i in range(200):
    parts.append(str(i * 3))
s = "".join(parts)
print(len(s), s[:40], s[-40:])
n = 0
for i in range(5000):
    if bool(i % 3) and bool(str(i).endswith("7")):
        n += 1
print("n", n)
print(str(True) + str(False), repr(str(5)), True + 0, True == 1)
