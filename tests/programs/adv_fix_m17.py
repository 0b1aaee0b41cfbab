def count(n):
    return 0 if n == 0 else 1 + count(n - 1)
for n in [990, 994, 995, 996, 997, 998, 999, 1000]:
    try:
        count(n)
        print(n, "ok")
    except RecursionError:
        print(n, "RecursionError")
def depth():
    try:
        return 1 + depth()
    except RecursionError:
        return 1
print(depth())
