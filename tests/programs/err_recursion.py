# Uncaught RecursionError from unbounded recursion.
def countdown(n):
    if n == 0:
        return 0
    return countdown(n - 1) + 1
print(countdown(500))
def forever(n):
    return forever(n + 1) + 1
print("about to recurse forever")
forever(0)
