import math
print(math.isqrt(10**40 + 12345), math.isqrt(0), math.gcd(12, 18), math.gcd(2**100, 6**50), math.gcd(0, 0), math.gcd(-4, 6))
print(math.factorial(30), math.comb(50, 20), math.perm(10, 3), math.lcm(4, 6) if hasattr(math, "lcm") else 12)
print(math.floor(-2.5), math.ceil(-2.5), math.trunc(-2.7), math.floor(1e20), type(math.floor(2.0)).__name__, math.ceil(10**20 + 0.0))
print(math.sqrt(2), math.exp(1), math.log(100, 10), math.log2(1024), math.log10(1e-5))
print(math.sin(1), math.cos(math.pi), math.tan(0.5), math.atan2(1, -1), math.hypot(3, 4), math.degrees(math.pi), math.radians(180))
print(math.fsum([0.1] * 10), sum([0.1] * 10), math.copysign(3, -0.0), math.fabs(-2), math.fmod(-7, 3), -7 % 3, math.isclose(1.0, 1.0 + 1e-10))
print(math.inf, -math.inf, math.isnan(math.nan), math.isinf(1e308 * 10), math.isfinite(1.0), math.e, math.tau)
print(math.pow(2, 0.5), 2 ** 0.5, math.modf(3.75), math.frexp(8.0), math.ldexp(0.5, 4), math.prod([1, 2, 3, 4]) if hasattr(math, "prod") else 24)
for bad in [lambda: math.sqrt(-1), lambda: math.log(0), lambda: math.factorial(-1), lambda: math.exp(1000), lambda: math.isqrt(-5)]:
    try:
        bad()
    except (ValueError, OverflowError) as e:
        print(type(e).__name__, e)
print(math.floor(7), math.ceil(7.000000001), round(math.pi, 5), math.dist([0, 0], [3, 4]) if hasattr(math, "dist") else 5.0)
acc = 0.0
for i in range(1, 50000):
    acc += math.sqrt(i) * math.sin(i) / i
print(round(acc, 9))
print(math.asin(1), math.acos(0), math.atan(1), math.sinh(1), math.cosh(1), math.tanh(1), math.expm1(1e-10), math.log1p(1e-10))
