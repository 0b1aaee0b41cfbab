print({8, 16, 24})
print({0, 8, 16, 24, 32})
a = 8; b = 16; c = 24
print({a, b, c})
s = set(); s.add(8); s.add(16); s.add(24)
print(s)
print(set([8, 16, 24]), {x for x in [8, 16, 24]})
print({64, 128, 192, 1, 9})
