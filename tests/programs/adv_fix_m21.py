for v in [0.1, 0.2, 0.3, 1e10, -7.25, 2.5]:
    print(v, hash(v), hash(v) & 7)
print({0.1, 0.2, 0.3, 1e10, -7.25, 2.5})
print({0.1, 0.2, 0.3})
s = set()
for v in [0.1, 0.2, 0.3, 1e10, -7.25, 2.5]:
    s.add(v)
print(s)
print(set([0.1, 0.2, 0.3, 1e10, -7.25, 2.5]))
