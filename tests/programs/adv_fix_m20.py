a = frozenset([3, 1, 2])
b = frozenset({1, 2, 3})
print(a == b, hash(a) == hash(b), hash(a), hash(b))
print({a: "v"}[b])
