# Less common f-string specs: _ grouping, o/b/#, precision on str, nested width, e/g/%, bool with d.
n = 1234567
name = "Ada"
x = 3.14159
print(f"{n:_} {n:o} {n:b} {n:#x} {n:#b} {n:#o} {name:.2}")
w = 10
p = 3
print(f"{x:{w}.{p}f}|{name:>{w}}|")
print(f"{x:e} {x:.2e} {x:g} {123.0:g} {1e-7:g} {0.25:%} {0.256:.1%} {True:d}")
vals = []
for i in range(1, 1500):
    vals.append(f"{i:b}|{i:o}|{i / 3:.3e}|{i / 9:g}")
print(vals[0], vals[700], vals[-1], sum(len(v) for v in vals))
