# sys.setrecursionlimit(50) then recursing 100 deep is caught.
import sys
def r(n):
    return 0 if n == 0 else 1 + r(n - 1)
print(r(40))
sys.setrecursionlimit(50)
print(sys.getrecursionlimit())
try:
    r(100)
except RecursionError as e:
    print("recursion limit hit:", type(e).__name__)
print(r(30))
sys.setrecursionlimit(1000)
print(r(900))
