# Uncaught TypeError: unsupported operand types.
items = [1, 2.5, 3, "4"]
total = 0
for x in items:
    print("adding", repr(x))
    total = total + x
print("never", total)
