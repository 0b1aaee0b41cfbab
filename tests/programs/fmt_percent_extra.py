# Less common %-format conversions: %i %X %o %c %e %g %G, %.Ns and mapping keys.
print("%i %X %o %c %c" % (42, 255, 8, 65, "z"))
print("%.3s|%-5.2s|" % ("abcdef", "xyz"))
print("%(name)s is %(age)d" % {"name": "Bob", "age": 40})
print("%e|%.2e|%g|%G|%10.4e|%g|%g|%g" % (12345.678, 0.000123, 1e-7, 1e20, 3.5, 100000.0, 1000000.0, 0.0001))
out = []
for i in range(1, 1000):
    out.append("%g" % (i / 7) + "%e" % (i * 1.5))
print(out[0], out[500], out[-1], sum(len(s) for s in out))
