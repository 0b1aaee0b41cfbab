tests = ["12", " -7 ", "+3", "0x1f", "1_000", "0b101", "007", "1e3", "", "12a", "１２"][:10]
for t in tests:
    for base in (10, 0, 16):
        try:
            print(repr(t), base, int(t, base))
        except ValueError as e:
            print(repr(t), base, "VE", e)
for t in ["1.5", "-.5", "1e-3", "inf", "-Infinity", "nan", "1_0.5", " 2 ", "1.2.3", "0x10", "e5"]:
    try:
        print(repr(t), float(t))
    except ValueError as e:
        print(repr(t), "VE", e)
print(int(True), int(-3.99), int("z", 36), int("-0"), int(" 10 ", 2), float(10**20), float(True))
print(str(10**50), str(-0.0), bool("0"), bool(""), bool(0.0), bool([0]), int(1e18), int(123456789.999))
print(round(123.456, 1), round(-0.5), round(0.5000001), abs(-7), divmod(17, -5), divmod(-17, 5), pow(2, 10), pow(2.0, -1))
print(max(3, 7, 1), min("b", "a"), sum([0.1] * 10), sum(range(101)), sum([[1], [2]], []))
try:
    int("99999999999999999999999999999" * 200)
    print("big ok")
except ValueError as e:
    print("VE", e)
print(bin(-5), oct(64), hex(-255), chr(9731), ord("€"), ascii("é"), repr("tab\t'q'\""), repr('a"b'), repr("it's"))
print(int("  +0b11  ", 0), int("0o17", 0), int("0X1F", 0))
try:
    int("010", 0)
except ValueError as e:
    print("VE", e)
try:
    int(2.5e400)
except OverflowError as e:
    print("OE", e)
try:
    int(float("nan"))
except ValueError as e:
    print("VE", e)
