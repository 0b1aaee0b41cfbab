# float() conversions.
print(float(1), float(-7), float("1.5"), float("  -2.25 "), float("1e3"), float("1E-3"), float(".5"), float("5."))
print(float("inf"), float("-inf"), float("nan"), float("Infinity"), float("-INF"))
print(float(2 ** 53), float(2 ** 53 + 1), float(10 ** 20), float(True), float())
print(float("123456789012345678901234567890"))
for bad in ["abc", "1.2.3", "", "1e"]:
    try:
        float(bad)
    except ValueError as e:
        print("ValueError:", e)
try:
    float(10 ** 400)
except OverflowError as e:
    print("OverflowError:", e)
total = 0.0
for i in range(3000):
    total += float(str(i)) / 4 + float(i % 7)
print("total", total)
for s in ["0.1", "0.2", "0.30000000000000004", "1e16", "1e-5", "-0", "3.14159", "2.5e-310"]:
    print(s, float(s))
