# math module functions.
import math
print(math.pi, math.e, math.inf, -math.inf, math.nan)
print(math.sqrt(2), math.sqrt(16), math.sqrt(0.0), math.floor(2.7), math.floor(-2.7), math.ceil(2.1), math.ceil(-2.1))
print(math.floor(5), math.ceil(5), type(math.floor(2.5)).__name__, math.trunc(-3.7), math.trunc(3.7))
print(math.sin(0), math.cos(0), math.sin(math.pi / 2), math.cos(math.pi), math.tan(math.pi / 4), math.sin(1), math.cos(1), math.tan(1))
print(math.atan2(1, 1), math.atan2(-1, -1), math.atan2(0, -1), math.atan2(1, 0))
print(math.exp(0), math.exp(1), math.exp(-1), math.log(math.e), math.log(1), math.log(100, 10), math.log(8, 2), math.log(10))
print(math.log2(1024), math.log2(3), math.log10(1000), math.log10(2), math.fabs(-3), math.fabs(2.5), math.pow(2, 10), math.pow(2, 0.5))
print(math.hypot(3, 4), math.hypot(5, 12), math.gcd(12, 18), math.gcd(0, 5), math.gcd(2 ** 80, 6 ** 30), math.gcd(-4, 6))
print(math.factorial(0), math.factorial(10), math.factorial(30))
print(math.isnan(math.nan), math.isnan(1.0), math.isinf(math.inf), math.isinf(-math.inf), math.isinf(1e308))
print(math.isclose(0.1 + 0.2, 0.3), math.isclose(1.0, 1.1), math.isclose(1.0, 1.05, rel_tol=0.1), math.isclose(0, 1e-12, abs_tol=1e-9))
print(math.copysign(3, -0.0), math.copysign(-2.5, 1), math.copysign(1, -1e-300), math.floor(1e20), math.ceil(-1e20))
for bad in [lambda: math.sqrt(-1), lambda: math.log(0), lambda: math.log(-1), lambda: math.factorial(-1)]:
    try:
        bad()
    except ValueError as e:
        print("ValueError:", e)
try:
    math.exp(1000)
except OverflowError as e:
    print("OverflowError:", e)
s = 0.0
for i in range(1, 5000):
    s += math.sqrt(i) * math.sin(i) + math.log(i) / math.exp(i % 5)
print("s", s)
t = 0
for i in range(1, 3000):
    t += math.floor(i / 7) + math.ceil(i / 11) + math.gcd(i, 360)
print("t", t)
pts = [(math.cos(2 * math.pi * k / 12), math.sin(2 * math.pi * k / 12)) for k in range(12)]
print([(round(x, 3), round(y, 3)) for x, y in pts])
print(round(sum(math.hypot(x, y) for x, y in pts), 12))
