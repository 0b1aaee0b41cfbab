# print() with sep= and end=.
print()
print(1, 2, 3)
print(1, 2, 3, sep=", ")
print("a", "b", sep="")
print("no newline", end="")
print(" <- continued")
print("x", "y", "z", sep="-", end="!\n")
print(*[1, 2, 3], sep=" | ")
print("multi", "end", end="\n\n")
print(None, True, 1.0, [1], (2,), {"a": 1})
print("tab\tsep", "nl\\n")
for i in range(30):
    print(i, end=" " if i % 10 != 9 else "\n")
print(sep="IGNORED")
print("", end="")
print("a", "b", sep=None, end=None)
line = []
for i in range(500):
    if i % 50 == 0:
        print(*line, sep=",")
        line = []
    line.append(i % 7)
print(*line, sep=",", end=".\n")
print("unicode: é ü 日本 €")
