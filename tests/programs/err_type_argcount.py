# Uncaught TypeError: wrong number of positional arguments.
def f(a, b):
    return a + b
s = 0
for i in range(500):
    s += f(i, 1)
print("s", s)
print(f(1, 2))
print(f(1, 2, 3))
