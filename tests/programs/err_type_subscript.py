# Uncaught TypeError: 'int' object is not subscriptable.
rows = [[1, 2], [3, 4], 5, [6, 7]]
for r in rows:
    print(r, r[0])
