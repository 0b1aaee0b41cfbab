a, b, c, d, e = 0, 8, 16, 24, 32
print({a, b, c, d, e})
print({0, 8, 16, 24, 32})
print(set([0, 8, 16, 24, 32]))
print(frozenset([0, 8, 16, 24, 32]))
print({0, 8, 16, 24, 32} | set())
s = {0, 8, 16, 24, 32}
print(s, sorted(s))
print({1, 9, 17, 25, 33, 41})
print(set((1, 9, 17, 25, 33, 41)))
