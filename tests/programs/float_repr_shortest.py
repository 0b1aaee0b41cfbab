# repr() of floats is the shortest string that reads back as the same float, the closest to
# its exact value, an exact tie broken to the even digit (CPython's dtoa mode 0), then laid
# out as CPython does (exponent past 1e16 or below 1e-4). Floats with short exact decimal
# expansions (where ties happen), subnormals, powers of two and the classic cases.
out = []
for e in range(-1074, 972, 11):
    p = 2.0 ** e
    for m in (1, 3, 5, 9, 25, 255, 4097, 9007199254740991, 4503599627370497):
        x = m * p
        if x == float("inf"):
            continue
        out.append(repr(x))
        out.append(str(-x))
for i in range(1, 400):
    out.append(repr(i / 4) + " " + repr(i * 0.1) + " " + repr(i / 3) + " " + repr(i * 1e15 + 0.5))
for x in (5e-324, 1e23, 8.41e21, 9007199254740993.0, 2.0**63, 0.1 + 0.2, 1e16, 1e15, 123456789012345678.0):
    out.append(repr(x))
for x in (1.5e-7, 0.0001, 0.00001, 1e22, 5e-5, 0.5, 2.5, 1e-310, 1.7976931348623157e308):
    out.append(repr(x) + " " + str(x) + " " + f"{x}" + " " + repr(-x))
print(len(out))
print("\n".join(out))
