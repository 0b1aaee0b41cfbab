# Uncaught KeyError.
inventory = {"apple": 3, "pear": 5}
for fruit in ["apple", "pear"]:
    print(fruit, inventory[fruit])
counts = {}
for i in range(1000):
    counts[i % 10] = counts.get(i % 10, 0) + 1
print(counts)
print(inventory["banana"])
