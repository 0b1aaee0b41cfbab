# Slice assignment of exact lists: as many items in as out (replaced in place), more, fewer,
# from the list itself, reversed, and empty ranges.
a = list(range(10))
a[:3] = a[2::-1]; print(a)
a[2:5] = (7, 8, 9); print(a)
a[-3:] = a[-3:][::-1]; print(a)
a[:] = a; print(a)
a[1:4] = a[5:8]; print(a)
b = [[1], [2], [3]]
c = b[0]
b[0:1] = [c]; print(b, b[0] is c)
a[3:3] = []; print(a)
a[8:2] = [0, 0]; print(a)
p = [3, 1, 2, 0]
for k in range(4):
    p[:k + 1] = p[k::-1]
print(p)
