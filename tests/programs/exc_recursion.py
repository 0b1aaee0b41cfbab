# RecursionError caught, recursion limits.
import sys
def down(n):
    if n == 0:
        return 0
    return 1 + down(n - 1)
print(down(900))
def forever(n):
    return forever(n + 1)
try:
    forever(0)
except RecursionError:
    print("recursion limit hit")
print(down(500))
old = sys.getrecursionlimit()
print("default limit", old)
sys.setrecursionlimit(50)
print("limit now", sys.getrecursionlimit())
try:
    down(100)
    print("no error?!")
except RecursionError:
    print("recursion limit hit at 50")
print(down(20))
sys.setrecursionlimit(old)
print(down(800))
def mutual_a(n):
    if n == 0:
        return "a"
    return mutual_b(n - 1)
def mutual_b(n):
    if n == 0:
        return "b"
    return mutual_a(n - 1)
print(mutual_a(801), mutual_a(500))
def count_catch():
    hits = 0
    for i in range(3):
        try:
            forever(0)
        except RecursionError:
            hits += 1
    return hits
print("hits", count_catch())
