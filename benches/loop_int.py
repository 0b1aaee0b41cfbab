# loop_int: nested integer loops, arithmetic, modulo and accumulation.
#
# Usage: loop_int.py [N [ITERATIONS]]   (N = number of outer iterations)
#
# Part 1 sums a modular expression over an N x 64 grid. The expression only
# depends on (i % 7, j % 7), so the same sum is recomputed from residue counts
# and the two must agree.
# Part 2 runs a while-loop integer square root (Newton's method) and checks
# r*r <= x < (r+1)*(r+1) for every value.
# Part 3 folds everything into a rolling hash kept below 2**31.
import sys
import time

INNER = 64
MOD = 2147483647


def grid_sum(n):
    total = 0
    for i in range(n):
        a = i * 3 + 1
        for j in range(INNER):
            total += (a * j + i + 2 * j + 5) % 7
    return total


def grid_sum_by_residues(n):
    # count how many i in range(n) have each residue mod 7 (same for j)
    ci = [n // 7] * 7
    for r in range(n % 7):
        ci[r] += 1
    cj = [INNER // 7] * 7
    for r in range(INNER % 7):
        cj[r] += 1
    total = 0
    for ri in range(7):
        for rj in range(7):
            v = ((ri * 3 + 1) * rj + ri + 2 * rj + 5) % 7
            total += v * ci[ri] * cj[rj]
    return total


def isqrt_newton(x):
    if x < 2:
        return x
    r = x
    y = (r + 1) // 2
    while y < r:
        r = y
        y = (r + x // r) // 2
    return r


def sqrt_part(n):
    acc = 0
    bad = 0
    x = 12345
    for k in range(n * 4):
        x = (x * 1103515245 + 12345) % MOD
        r = isqrt_newton(x)
        if r * r > x or (r + 1) * (r + 1) <= x:
            bad += 1
        acc = (acc * 31 + r) % MOD
    return acc, bad


def bench(n):
    g = grid_sum(n)
    expect = grid_sum_by_residues(n)
    if g != expect:
        raise SystemExit(f"loop_int: grid sum {g} != expected {expect}")
    h, bad = sqrt_part(n)
    if bad != 0:
        raise SystemExit(f"loop_int: {bad} wrong integer square roots")
    h = (h * 1000003 + g) % MOD
    return f"loop_int n={n} grid={g} hash={h}"


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 70000
    iterations = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    first = None
    for it in range(iterations):
        t0 = time.perf_counter()
        line = bench(n)
        t1 = time.perf_counter()
        print(f"#iter {t1 - t0:.6f}", file=sys.stderr)
        if first is None:
            first = line
        elif line != first:
            raise SystemExit(f"loop_int: iteration {it} gave {line!r}, the first gave {first!r}")
    print(first)


main()
