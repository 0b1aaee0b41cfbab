print("%(a)s-%(b)05.1f" % {"a": "x", "b": 3.14159}, "%*d|%-*d|" % (5, 42, 4, 7), "%.*f" % (2, 3.14159), "%c%c" % (65, "b"))
print("%s" % (1,), "%s" % [1, 2], "%r %a" % ("é", "é"), "%i %u" % (3, 4), "%#x %#o" % (255, 8), "%e" % 0, "%G" % 1e-10, "%%")
try:
    "%d" % "x"
except TypeError as e:
    print("TE", e)
try:
    "%s %s" % (1,)
except TypeError as e:
    print("TE", e)
try:
    "%s" % (1, 2)
except TypeError as e:
    print("TE", e)
class P:
    x = 5
    items = [10, 20]
print("{0[1]} {1.x} {1.items[0]} {k[z]}".format([1, 2], P, k={"z": "Z"}), "{{}} {}".format(1))
print("{0!s:>5}|{0!r:<6}|".format("q"), "{:=+8.2f}".format(-3.5), "{:0=8d}".format(-42))
print(format(12345678, ","), format(-0.0, "+.1f"), format(1.5, "08.3f"), format(255, "X"), format(3, "b"), format(10**20, "e"), format(0.1, ".20f"))
print(format(123, "+"), format(123, " "), format(-123, " "), format(1e-320, "g"), format(float("inf"), "f"), format(float("nan"), "+.2f"), format(float("-inf"), "e"))
print("{:.3}".format("abcdef"), "{:10.3}|".format("abcdef"), "{:^10}|".format(1.5), "{:x<4}".format(7), f"{'nested':{'>'}{10}}")
w = 8
p = 3
vals = [3.14159265, -2.71828, 1000000.0, 1e-9]
for v in vals:
    print(f"[{v:{w}.{p}f}] [{v:<{w}.{p}e}] [{v:^{w + 4}.{p}g}] [{v!r:>20}]")
for i in range(0, 110, 11):
    print(f"{i:3d}{i/7:8.3f}{i*i:>7,}{i:>6b}{i:>4x}{i:>4o}{i/100:7.1%}")
print(f"{1 + 1 = }", f"{'a' * 3=}", f"{10 / 4=:.1f}")
x = 42
print(f"{x!r}", f"{x:#06x}", f"{x:_b}", f"{-x:+}", f"{x:=^9}", f"{x:c}" if x < 0x110000 else "")
print(f"{'{'}{x}{'}'}", f"{{x}}", f"{x}{{}}", f"{[1,2][0]}", f"{ {'k': 1}['k'] }", f"{(lambda: 5)()}")
s = "Hello, World"
print(s.translate(str.maketrans("lo", "01")), s.translate({ord("H"): None}), str.maketrans("ab", "cd") == {97: 99, 98: 100})
print("a b c d".split(None, 2), "a b c d".rsplit(None, 2), "  a  b  ".split(None, 1), "x\x0by\x1dz".splitlines())
print("Ⅳ".isnumeric(), "½".isnumeric(), "½".isdigit(), "²".isdigit(), "abc_1".isidentifier(), "1a".isidentifier(), "ab".isascii(), "é".isascii())
print("hello".encode if False else "", "ABC".lower().islower(), "".islower(), "a1".islower(), "A1".isupper(), "Σσς".lower(), "ΣΑΣ".lower())
