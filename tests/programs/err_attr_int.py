# Uncaught AttributeError on an int.
n = 255
print(n.bit_length())
total = 0
for i in range(100):
    total += i.bit_length()
print("total", total)
print(n.foo())
