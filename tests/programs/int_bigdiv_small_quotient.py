# Floor division, modulo and divmod of big ints whose quotient fits a machine word (a fast
# path estimates it from the top bits) and of others, in every sign combination, against
# CPython's results; plus the pidigits spigot.
def lcg(seed):
    x = seed
    while True:
        x = (x * 6364136223846793005 + 1442695040888963407) % 2**64
        yield x

def big(g, words):
    v = 0
    for _ in range(words):
        v = (v << 64) | next(g)
    return v

g = lcg(12345)
acc = 0
for k in range(400):
    words = 2 + k % 9
    b = big(g, words) | 1
    extra = k % 70
    a = (b << extra) + big(g, 1 + (k % 3)) + k
    if k % 5 == 0:
        a = b * (k % 11) + (k % 7)
    if k % 13 == 0:
        a = b - 1
    for sa, sb in ((1, 1), (-1, 1), (1, -1), (-1, -1)):
        x, y = sa * a, sb * b
        q, r = x // y, x % y
        assert (q, r) == divmod(x, y)
        assert q * y + r == x
        acc = (acc * 31 + q + 7 * r) % (2**61 - 1)
print(acc)

def gen_pi():
    q, r, t, k, m, x = 1, 0, 1, 1, 3, 3
    while True:
        if 4 * q + r - t < m * t:
            yield m
            q, r, t, k, m, x = 10 * q, 10 * (r - m * t), t, k, (10 * (3 * q + r)) // t - 10 * m, x
        else:
            q, r, t, k, m, x = q * k, (2 * q + r) * x, t * x, k + 1, (q * (7 * k + 2) + r * x) // (t * x), x + 2

g = gen_pi()
digits = "".join(str(next(g)) for _ in range(800))
print(digits[:50], digits[-50:], len(digits))
