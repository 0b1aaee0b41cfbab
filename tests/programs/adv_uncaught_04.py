x = [1, 2, 3]
total = 0
for i in range(10):
    total += x[i]
print(total)
