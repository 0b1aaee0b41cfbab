vals = [0, 1, -1, 42, 255, 1000000, -123456789, 2**40]
for v in vals:
    print(f"{v:5d}|{v:<6}|{v:>8x}|{v:^9}|{v:+}|{v:,}|{v:08}|{v:#x}|{v:#o}|{v:#b}|{v:e}|{v:.2%}")
fl = [0.0, -0.0, 1.5, -2.25, 3.14159265, 1e-9, 1e20, 123456.789, float('inf'), float('nan')]
for v in fl:
    print(f"{v}|{v:.2f}|{v:10.3e}|{v:g}|{v:.3g}|{v:<10}|{v:+.1f}|{v:,.2f}|{v:.0%}" if v == v and abs(v) != float('inf') else f"{v}|{v:.2f}|{v:g}|{v:>8}")
name = "world"
w = 12
print(f"{name!r:>{w}}|{name:*^{w}}|{name[::-1]}|{len(name)}|{name.upper()=}")
print(f"{'x':>3}{'y':<3}|", f"{3.0}", f"{1/3:.{5}f}", f"{10:{'>'}{6}}", f"{[1, 2]}", f"{(1, 'a')}", f"{ {'k': 1} }")
print("{:.3}".format("abcdef"), "{:10.3}|".format("abcdef"), "{:.3}".format(3.14159), "{0:{1}}".format(5, 4), "{!s:5}|".format(None))
print("%5s|%-5s|%.2s|%5.1s|" % ("abc", "abc", "abc", "abc"), "%3d|%-3d|%03d|%+d|% d" % (5, 5, 5, 5, 5))
print("%e|%.0e|%g|%.2g|%10.4f|%-10.2e|" % (12345.678, 12345.678, 0.00001234, 1234567, 2.5, 0.000123))
print("%i %u %%" % (3, 4), "%s" % [1, 2], "%s" % ((1, 2),), "%r" % "x", "%a" % "é")
print(format(12.5, ".1f"), format(3, "b"), format("s", ">4"), format(2**70, "x"), format(0.1, ".20f"), format(1e-7, "f"))
print(round(2.675, 2), round(1.005, 2), round(-0.5), round(0.5), round(1.5), round(123.456, 1), round(-123.456, -1), round(7, 0))
print(f"{1e16:.0f}", f"{1.23456789e-5:.3g}", f"{100000:g}", f"{1000000:g}", f"{1e6:.2e}", f"{0.1+0.2:.17g}", f"{123.0:#g}")
