# Float formatting with e, g and % presentation types.
vals = [0.0, -0.0, 1.0, 3.14159265, -2.5, 1234567.891, 0.000123456, 1e16, 1e-5, 2 / 3, 1e300, 0.5, 123456789.0, 1e-10]
for v in vals:
    print(f"{v:e}|{v:.3e}|{v:g}|{v:.3g}|{v:%}|{v:.1%}|{v:12.4e}")
for v in vals:
    print("%e|%g|%10.4e|%.2g|%G|%E" % (v, v, v, v, v, v))
inf = float("inf")
nan = float("nan")
print(f"{inf:e} {nan:g} {-inf:.2%}", "%e %g" % (-inf, nan))
print(f"{1e-10:g} {123456789.0:g} {1e6:g} {1e5:g} {1e-4:g} {1e-5:g}")
t = 0
for i in range(2000):
    t += len(f"{i / 3:.2e}") + len("%g" % (i * 0.37))
print("t", t)
