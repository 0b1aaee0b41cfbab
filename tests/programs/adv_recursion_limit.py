import sys
def deep(n):
    return deep(n + 1)
try:
    deep(0)
except RecursionError as e:
    print("RecursionError caught")
def count(n):
    if n == 0:
        return 0
    return 1 + count(n - 1)
print(count(500))
sys.setrecursionlimit(5000)
print(count(3000))
def mutual_a(n):
    return mutual_b(n) if n else 0
def mutual_b(n):
    return mutual_a(n - 1) + 1
print(mutual_a(900))
depth = 0
def probe():
    global depth
    depth += 1
    probe()
try:
    probe()
except RecursionError:
    print(depth > 1000)
for i in range(3):
    try:
        deep(0)
    except RecursionError:
        print("again", i)
