# bool & | ^ (and in-place forms) stay bool; bool with int is int; hot loops keep the type
vals = [True, False]
for a in vals:
    for b in vals:
        print(a, b, a & b, a | b, a ^ b, type(a & b).__name__, type(a | b).__name__, type(a ^ b).__name__)
for a in vals:
    for n in [0, 1, 2, 3, -1]:
        print(a, n, a & n, a | n, a ^ n, n & a, n | a, n ^ a, type(a & n).__name__, type(n ^ a).__name__)
x = True
x &= False
print(x, type(x).__name__)
x |= True
print(x, type(x).__name__)
x ^= True
print(x, type(x).__name__)
x ^= 5
print(x, type(x).__name__)
acc = False
hits = 0
flips = True
total = 0
for i in range(600):
    b = i % 3 == 0
    c = i % 5 == 0
    acc = acc | (b & c)
    flips ^= b
    r = b ^ c
    if r is True:
        hits += 1
    total += b & 1
    total += c | 2
print(acc, flips, hits, total, type(acc).__name__, type(flips).__name__)
mixed = []
for i in range(400):
    v = (i % 2 == 0) if i < 200 else i
    mixed.append(v & True)
print(mixed[:5], mixed[-5:], sum(mixed))
print([type(True & t).__name__ for t in (True, 1, False, 0)])
print(True & True is True, (False | False) is False, (True ^ False) is True)
print(~True, -True, +False, True + True, True << 1, True >> 1)
