# :small-results: every small-int operation in a trace pushes a small int and leaves the
# trace (a side exit, or a deopt for `//`, `<<` and a range's next value) when the exact
# result is outside the small range (beyond +-2**62); tier 1 then makes the big int. Values
# here cross that boundary in hot loops, under every operation, and come back.
def grow_add(n):
    x = 1
    y = 3
    out = []
    for i in range(n):
        x = x + x + i
        y = y - x
        out.append(x % 1000003)
        if x > 10 ** 30:
            x = i
    return out, y

def grow_mul(n):
    p = 1
    s = 0
    for i in range(1, n):
        p = p * (i % 50 + 2)
        q = p // 3
        s += q % 97
        if p > 1 << 90:
            p = -i
    return p, s

def shifts(n):
    t = 0
    for i in range(n):
        v = (i % 5 + 1) << (i % 70)
        w = v >> (i % 7)
        t += (w ^ i) & 0xFFFF
        t |= i & 3
    return t

def floordiv_edge(n):
    acc = 0
    big = -(2 ** 62)
    for i in range(n):
        d = -1 if i % 3 == 0 else 7
        acc += (big + i % 2) // d % 1000
    return acc

for k in range(3):
    print(grow_add(300)[0][-5:], grow_add(300)[1] % 10 ** 9)
    print(grow_mul(400))
    print(shifts(500))
    print(floordiv_edge(300))

def big_range(n):
    s = 0
    for i in range(2 ** 62 - n, 2 ** 62 + n):
        s += i % 1000
    for i in range(-(2 ** 62) + n, -(2 ** 62) - n, -1):
        s -= i % 777
    for i in range(n):
        s += i * i
    return s

for k in range(3):
    print(big_range(200))


def shift_edges(n):
    # -1 << 62 is the smallest small int; 1 << 62 and 3 << 61 are just outside.
    out = []
    for i in range(n):
        for a in (1, -1, 3, -3, 0):
            for s in (60, 61, 62, 63):
                out.append(a << s)
    return out


for k in range(3):
    r = shift_edges(40)
    print(r[:20], sum(r) % 1000003)
