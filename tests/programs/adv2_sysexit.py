import sys
print("start")
print("to err", file=sys.stderr)
print("a", "b", sep="-", end="!\n")
print("x", 1, None, sep="", end="")
print()
print(*range(5), sep=", ")
sys.stdout.write("written\n")
for i in range(3):
    print(i, end=" ")
print()
sys.exit(3)
print("never")
