def a(n):
    if n == 0:
        raise KeyError("deep key")
    return a(n - 1)
for i in range(5):
    print(i)
a(50)
