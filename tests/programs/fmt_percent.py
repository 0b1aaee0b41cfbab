# %-formatting of ints, floats and strings (core conversions: d s r x f, width, precision, flags).
print("%d %5d %-5d| %05d %+d %x %s %r" % (42, 42, 42, 42, 42, 255, "s", "s"))
print("%d" % -7, "%5.2f" % 3.14159, "%s" % [1, 2], "%s" % (1,), "%r" % "q'uote", "%-10s|" % "left", "%10s|" % "right")
print("%s and %s" % ("a", "b"), "%d%%" % 50, "%x" % -255, "%d" % 2 ** 80, "%x" % 2 ** 70, "%05d" % -42)
print("%d" % 3.99, "%s" % 3.0, "%r" % 0.1, "%s" % None, "%s %s" % (True, False), "%d" % True, "%r" % [1, "a"])
print("%.2f|%8.3f|%-8.1f|%08.3f|%+.2f|%.0f|%f|%5.2f" % (2.5, 2.5, 2.5, -2.5, 2.5, 2.5, 1 / 3, 1234.5678))
print("%.0f %.0f %.0f %.1f %.1f %.2f" % (0.5, 1.5, 2.5, 0.25, 0.35, 2.675))
print("%s|%r|%s|%r" % (0.1 + 0.2, 0.1 + 0.2, 1e16, 1e-5), "%d items" % 3, "%s" % "single")
print("%5.2f%%" % 99.5, "%-6d|" % 12, "%6s|" % "ab", "%-6s|" % "ab", "%3d|" % 12345)
try:
    "%d" % "x"
except TypeError as e:
    print("TypeError:", e)
try:
    "%s %s" % ("only",)
except TypeError as e:
    print("TypeError:", e)
try:
    "%s" % (1, 2)
except TypeError as e:
    print("TypeError:", e)
rows = []
for i in range(3000):
    rows.append("%05d|%-6s|%6.2f|%x" % (i, "r%d" % (i % 10), i / 3, i))
print(rows[0], rows[1234], rows[-1], sep="\n")
print(sum(len(r) for r in rows))
table = [("apple", 3, 1.5), ("banana", 12, 0.25), ("cherry", 100, 10.0)]
for name, qty, price in table:
    print("%-10s %4d %8.2f %10s" % (name, qty, price, "$%.2f" % (qty * price)))
