# f-strings with the core format specs and conversions.
name = "Ada"
n = 1234567
x = 3.14159
neg = -42
print(f"{name} {n} {x}")
print(f"{name!r} {name:>8} {name:<8}| {name:^9}| {name:*^9}")
print(f"{n:,} {n:x} {n:X} {n:08d} {n:>12,} {n:+d} {neg:+d} {neg:05d}")
print(f"{255:x} {255:04x} {-255:x} {2 ** 70:x} {2 ** 70:,} {-1234567:,}")
print(f"{x:>8.3f} {x:08.2f} {x:.0f} {x:10.4f}| {x:<10.2f}| {-x:08.2f} {x:.2f}")
print(f"{1 + 2} {[1, 2][0]} {'nested'} {len(name)} {name.upper()} {x * 2:.1f}")
print(f"{{braces}} {n}{{}}")
d = {"k": [1, 2]}
print(f"{d} {d['k']} {d['k'][1]!r} {None} {True} {[1.5, 'a']}")
print(f"{'a'!r} {'it' + chr(39) + 's'!r} {3!r} {2.5!s} {name!s}")
lines = []
for i in range(2000):
    lines.append(f"{i:5d}|{i * i:>10,}|{i / 7:8.3f}|{i:x}")
print(lines[0])
print(lines[999])
print(lines[-1])
print(sum(len(l) for l in lines))
print(f"{0:03d} {7:3} {'s':3}| {False!s}")
print(f"{-0.0:.1f} {0.05:.1f} {0.15:.1f} {0.25:.1f} {1e16:.0f} {2.5:.0f} {3.5:.0f}")
