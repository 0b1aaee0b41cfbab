import time, sys
print(float("1e-400"), float("-1e400"), str(float("-nan")), float("+1.5"), float("1_0.2_5"), float("  \n3\t"), float("InF"), float("nAn") != 0)
print(int(" +7 "), int("-0b11", 0), int("0o17", 0), int("0X1f", 0), int("1__0".replace("__", "_")))
for bad in ["", " ", "1.5", "1e3", "0x", "--1", "1_", "_1", "08"]:
    try:
        print(repr(bad), int(bad, 0) if bad == "08" else int(bad))
    except ValueError as e:
        print("ValueError", e)
for bad in ["", "1.2.3", "e5", "1e", "inf inity", "0x10"]:
    try:
        print(float(bad))
    except ValueError as e:
        print("ValueError", e)
print(round(123456789, -3), round(-123456789, -3), round(2**70 + 123456, -5), round(15, -1), round(25, -1), round(-25, -1), round(5, 2), round(2**70, 3))
print(round(1.23456, 0), round(-0.4), round(-0.6), round(0.5000000000000001), round(2.5, 0), round(3.5, 0), round(1e16 + 1, -1))
time.sleep(0)
t1 = time.monotonic(); t2 = time.monotonic()
print(t2 >= t1, isinstance(time.time_ns(), int), isinstance(time.process_time(), float))
print(len(sys.argv), sys.argv[0].endswith("conversions.py"))
print("flushed", flush=True)
print(str(2**63), str(-2**63), int(str(2**200)) == 2**200, repr(10**25), float(10**25), int(1e25), 10**25 == 1e25)
print(bool("0"), bool(0.0), bool(-0.0), bool([0]), bool(()), bool(range(0)), bool(range(1)))
print(list(map(int, "1 2 3".split())), list(map(float, ["1", "2.5"])), [str(x) for x in (1, 1.0, -0.0, 1e-5, 123e10)])
print(chr(955), ord("λ"), hex(ord("€")), "\u03bb" == "λ", str(0.1 + 0.2)[:5], format(1/7, ".30f"))
