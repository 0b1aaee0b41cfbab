# int() conversions.
print(int("12"), int("-42"), int("  7  "), int("+3"), int("0"), int("007"))
print(int("ff", 16), int("FF", 16), int("777", 8), int("1010", 2), int("z", 36), int("-a", 16))
print(int(3.9), int(-3.9), int(0.5), int(-0.5), int(1e10), int(2.0 ** 70))
print(int(True), int(False), int(), int(10 ** 20))
print(int("123456789012345678901234567890"), int("-99999999999999999999999"))
for bad in ["abc", "1.5", "", "12a", "0x", "--1"]:
    try:
        int(bad)
    except ValueError as e:
        print("ValueError:", e)
try:
    int("9", 8)
except ValueError as e:
    print("ValueError:", e)
total = 0
for i in range(3000):
    total += int(str(i)) + int("%x" % i, 16) + int(str(i % 256), 10)
print("total", total)
for f in [0.0, -0.0, 1.999, -1.999, 123456.7, 1e18, -1e19]:
    print(f, int(f))
