# int() string edge cases: base prefixes, base 0, underscores, whitespace, signs.
print(int("0x1f", 16), int("0b101", 2), int("0o17", 8), int("10", 0), int("0x10", 0), int("0b11", 0), int("0o7", 0))
print(int("1_000_000"), int("0x_ff", 16), int(" -12 "), int("\t+99\n"), int("-0"))
for bad in ["1__0", "_1", "0x", "08"]:
    try:
        print(int(bad, 0))
    except ValueError as e:
        print("ValueError:", e)
total = 0
for i in range(2000):
    total += int("0x%x" % i, 16) + int("%d_%d" % (i, i % 10))
print("total", total)
