# Uncaught TypeError from an int-specialized BINARY_OP site when a str arrives at iteration 500.
def combine(a, b):
    return a + b
def feed(i):
    if i == 500:
        return "a"
    return i % 9
total = 0
for i in range(300):
    total = combine(total, i)
print("warm", total)
f = 0.0
for i in range(300):
    f = combine(f, 0.5)
print("float", f)
s = ""
for i in range(50):
    s = combine(s, "xy")
print("str", len(s))
total = 0
for i in range(1000):
    total = combine(total, feed(i))
    if i % 100 == 0:
        print("progress", i, total)
print("unreachable", total)
