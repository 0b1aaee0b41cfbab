# Arithmetic sites that see several mixes of small ints and floats become BINARY_OP_NUM
# (tier 1 and traces): every mix must give CPython's result, and what the form does not
# serve (an int product past 64 bits, big ints, bools, a zero divisor, an int quotient
# beyond 2**53, strings) must still be right after it deopts.


def mix(values):
    out = []
    for a, b in values:
        out.append((a + b, a - b, a * b, a / b if b else None))
    return out


def acc(n):
    t = 0
    for i in range(n):
        x = i if i % 3 else i * 0.5
        y = 2 if i % 5 else 1.25
        t += x * y - y
        t -= x / y
    return t


ints = [(i, i % 7 + 1) for i in range(60)]
floats = [(i * 0.5, 0.25 + i) for i in range(60)]
mixed = [(i, 0.5) for i in range(30)] + [(0.5, i + 1) for i in range(30)]
edges = [
    (2**40, 2**30),
    (2**62 - 1, 1),
    (-(2**62), -1),
    (2**53 + 1, 3),
    (3, 2**53 + 1),
    (10**20, 7),
    (True, 2.5),
    (1.5, False),
    (-0.0, 0),
    (0, -0.0),
    (float("inf"), 1),
    (1, float("nan")),
]
for rows in (ints, floats, mixed, ints + floats + mixed + edges, edges):
    r = mix(rows)
    print(len(r), r[-3:])
for _ in range(3):
    print(acc(3000))


def divide(n):
    t = 0.0
    for i in range(n):
        a = i if i % 2 else float(i)
        b = (i % 4) + 0.5 if i % 3 else i % 4 + 1
        t += a / b
    return t


print(divide(200))


def products(n):
    t = 0
    for i in range(n):
        a = (3**38) if i % 50 == 49 else (i if i % 2 else i * 1.5)
        t += a * 3
    return t


print(products(3000))


def strings(n):
    out = []
    for i in range(n):
        a = "ab" if i % 100 == 99 else (i if i % 2 else i * 0.5)
        out.append(a * 2)
    return out[-2:], len(out)


print(strings(3000))


def zero(n):
    t = 0.0
    for i in range(n):
        a = i if i % 2 else i * 0.5
        t += a / ((i - n + 1) if i % 2 else 2.0)
    return t


zero(3000)
