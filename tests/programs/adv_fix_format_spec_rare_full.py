vals = [0, 7, -7, 65, 1234567, -9876543210, 2**64]
specs = ["", "c", "n", "=+8", "=08", "<+8", "_x", "#_b", ",d", "010,", "^+10,", " d", "#X", "08.3", "e", ".2e", "%", ".1%", "g", "G", "f", "+.3f", "*<12,"]
for v in vals:
    row = []
    for s in specs:
        try:
            row.append(format(v, s))
        except (ValueError, OverflowError) as e:
            row.append("E:" + type(e).__name__)
    print(v, row)
fvals = [0.0, -0.0, 0.5, 1.5, 2.5, 1234.5678, -1e-5, 1e100, 3.0e-300, 123456789012.0, 0.1, float("inf"), float("-inf"), float("nan")]
fspecs = ["", ".0f", ".1f", ".3g", "g", ".10g", "e", ".0e", "E", "%", ".0%", "+,.2f", "012.3f", "<10.2", ">+12.4e", "^12g", "=+12.1f", ".1", ".12", "#.0f", "#g", "n", "_.2f", "G", ".2G"]
for v in fvals:
    row = []
    for s in fspecs:
        try:
            row.append(format(v, s))
        except ValueError as e:
            row.append("E")
    print(repr(v), row)
svals = ["", "a", "héllo", "long string here"]
for v in svals:
    print([format(v, s) for s in ["", "5", "<5", ">5", "^5", "*^7", ".2", "7.3", "-<4"]])
print(format(True, ""), format(True, "d"), format(True, ">5"), format(None, ""), format(False, "^6"), f"{True!s:>6}|")
print([f"{x:.{p}f}" for x in (1/3, 2/3, 1e-3) for p in range(0, 6, 2)])
print("%.0f %.0f %.0f %.0f" % (0.5, 1.5, 2.5, -0.5), "%.2e" % 0, "%g" % 1e-5, "%g" % 123456789, "%#g" % 1.0, "%10.3g|" % 3.14159)
print("%c%c" % (72, "i"), "%5c|" % "x", "%-3c|" % 65, "%o" % -8, "%x" % -255, "%#X" % 255, "%+.0f" % 2.5, "% .3f" % 1.0)
