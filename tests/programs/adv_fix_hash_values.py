vals = [0, 1, -1, -2, 2**61 - 2, 2**61 - 1, 2**61, 2**64, -2**64, 10**30, -10**30, 2**100 + 7, 0.5, -0.5, 1.5, 1e100, -1e-100, 2.0**61, float("inf"), float("-inf"), 3.14159, True, False, (), (1,), (1, 2), ((1, 2), 3), (-1,), (1.5, "x" if False else 2), (None if False else 0, 2**70)]
for v in vals:
    print(repr(v), hash(v))
print({2**64, 2**65, 2**66, 3, -2**64, 10**20})
print({0.1, 0.2, 0.3, 1e10, -7.25, 2.5})
print({(i, -i) for i in range(6)})
print({-1, -2, -3, -4}, {2**61 - 1, 0, 2**61, 1})
print({i * 2**32 for i in range(-4, 5)})
print(sorted({hash(x) % 7 for x in range(100)}))
print(hash(2**61 - 1) == hash(0), hash(-1) == hash(-2), hash(1.0) == hash(1), hash(2**70) == hash(2.0**70))
