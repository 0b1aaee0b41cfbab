# Bitwise ops and bit_length on small and big ints.
print(5 & 3, 5 | 3, 5 ^ 3, ~5, 1 << 10, 1024 >> 3, -1 >> 5, -16 >> 2, -1 & 0xff, -256 | 15)
for n in [0, 1, 2, 3, 255, 256, -1, -255, 2 ** 63, 2 ** 64 - 1, -(2 ** 63), 10 ** 30]:
    print(n, n.bit_length())
print((2 ** 100) & (2 ** 100 - 1), (2 ** 100) | 1, (2 ** 100) ^ (2 ** 99), ~(2 ** 70), (2 ** 100) >> 90, 3 << 100)
def popcount(x):
    c = 0
    while x:
        x &= x - 1
        c += 1
    return c
print([popcount(i) for i in range(20)], popcount(2 ** 200 - 1))
h = 0
for i in range(10000):
    h = ((h << 5) ^ (h >> 27) ^ i) & 0xFFFFFFFF
print("h", h)
x = 0
for i in range(200):
    x |= 1 << (i * 3)
print(x.bit_length(), popcount(x), x & 0xFFFF)
g = 0x123456789ABCDEF
for i in range(1000):
    g = (g * 6364136223846793005 + 1442695040888963407) & (2 ** 64 - 1)
print("lcg64", g)
