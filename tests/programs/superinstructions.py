# Superinstructions (LOAD_FAST_LOAD_FAST, STORE_FAST_LOAD_FAST, STORE_FAST_STORE_FAST):
# each half must behave as its own instruction, including an unbound local in the second
# half, under every tier and at traces' exits.


def add(flag):
    if flag:
        b = 1
    a = 2
    return a + b


def first_unbound(flag):
    if flag:
        a = 3
    b = 4
    return a - b


def pairs(n):
    x, y = n, n + 1
    z = x; w = z
    p = q = w
    return x, y, z, w, p + q


def deep(n):
    # Slots above 15 are never fused.
    v0 = v1 = v2 = v3 = v4 = v5 = v6 = v7 = v8 = v9 = n
    v10 = v11 = v12 = v13 = v14 = v15 = v16 = v17 = n + 1
    return v0 + v17 + v16 + v15 + v1


total = 0
for i in range(300):
    total += add(True) + first_unbound(True)
    if i % 100 == 0:
        print(pairs(i), deep(i))
print(total)

for fn in (add, first_unbound):
    caught = 0
    for i in range(200):
        try:
            fn(i % 50 != 49)
        except UnboundLocalError as e:
            caught += 1
            last = str(e)
    print(fn.__name__, caught, last)

add(False)
