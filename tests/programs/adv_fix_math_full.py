import math, sys, time
print(math.pi, math.e, math.tau, math.inf, -math.inf, math.isnan(math.nan))
print(math.sqrt(2), math.floor(-2.5), math.ceil(-2.5), math.trunc(-2.7), math.fabs(-3), math.pow(2, 10))
print(math.log(100, 10), math.log10(1000), math.log2(1024), math.log(math.e), math.exp(1), math.exp(0))
print(math.sin(0), math.cos(0), math.atan2(1, 1), math.degrees(math.pi), math.radians(180), math.hypot(3, 4))
print(math.gcd(12, 18), math.factorial(20), math.isclose(0.1 + 0.2, 0.3), math.copysign(3, -0.0), math.fsum([0.1] * 10))
print(math.floor(10**20 + 0.5) if False else math.floor(1e20), type(math.floor(2.5)).__name__, math.isinf(1e309), math.isfinite(1.0))
print(math.modf(3.75), math.frexp(8.0), math.ldexp(0.5, 4), math.prod([1, 2, 3, 4]), math.dist([0, 0], [3, 4]))
try:
    math.sqrt(-1)
except ValueError as e:
    print("ValueError", e)
try:
    math.log(0)
except ValueError as e:
    print("ValueError", e)
print(sys.maxsize, sys.version_info[0], sys.version_info >= (3, 0), type(sys.argv).__name__, sys.getrecursionlimit())
t0 = time.time()
t1 = time.perf_counter()
x = sum(range(10000))
print(time.time() >= t0, time.perf_counter() >= t1, x, type(time.time()).__name__)
print(sys.platform != "", isinstance(sys.path, list))
sys.stdout.write("written\n")
print("to stderr", file=sys.stderr)
print(math.floor(-0.0), math.ceil(0.2), round(math.pi, 4), f"{math.pi:.10f}", math.sqrt(16), math.isqrt(17))
