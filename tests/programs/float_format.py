# Float formatting with fixed-point f-string specs and %-formats.
vals = [0.0, -0.0, 1.0, 3.14159265, -2.5, 1234567.891, 0.000123456, 1e16, 1e-5, 2 / 3, 1e22, 0.5, 1.5, 2.5, 0.125, 1 / 3]
for v in vals:
    print(f"{v}|{v:.2f}|{v:8.3f}|{v:>10.1f}|{v:<10.4f}|{v:08.2f}|{v:+.3f}|{v:,.2f}|{v:.0f}")
for v in vals:
    print("%f|%.2f|%5.2f|%-10.3f|%+.1f|%s|%r|%08.3f" % (v, v, v, v, v, v, v, v))
inf = float("inf")
nan = float("nan")
print(f"{inf:.2f} {-inf:8.1f} {nan:.3f} {inf}", "%f %f %.1f" % (inf, -inf, nan))
print(f"{123.456:10.2f}|{123.456:<10.2f}|{123.456:^10.2f}|{123.456:*^12.1f}|{-1.5:010.3f}")
print(f"{1234567.0:,}", f"{0.1:.20f}", f"{1/3:.15f}", f"{2/3:.0f}", f"{0.5:.0f}", f"{1.5:.0f}", f"{2.5:.0f}")
print("%.0f %.0f %.0f %.1f %.1f %.3f" % (0.5, 1.5, 2.5, 0.25, 0.35, 1.0005))
print(f"{12:f}", f"{7:.2f}", "%.3f" % 7, "%5.1f%%" % 99.5, f"{1e300:.1f}"[:20], len(f"{1e300:.1f}"))
rows = []
for i in range(1, 2000):
    x = i / 7
    rows.append(f"{x:9.4f}")
print(rows[:4], rows[-2:])
t = 0
for i in range(2000):
    t += len("%.3f" % (i * 1.1)) + len(f"{i / 3:.2f}")
print("t", t)
