d = {}
for i in range(1000):
    d[i] = i
print(len(d))
print(d[1000])
