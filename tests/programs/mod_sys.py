# sys module: argv, maxsize, recursion limit.
import sys
print(len(sys.argv), sys.argv[0].endswith(".py"))
print(sys.maxsize, sys.maxsize == 2 ** 63 - 1, sys.maxsize + 1, type(sys.maxsize).__name__)
lim = sys.getrecursionlimit()
print(lim)
sys.setrecursionlimit(2000)
print(sys.getrecursionlimit())
def deep(n):
    return 0 if n == 0 else 1 + deep(n - 1)
print(deep(1200))
sys.setrecursionlimit(lim)
print(sys.getrecursionlimit())
total = 0
for i in range(2000):
    if i < sys.maxsize:
        total += 1
print(total)
