# sieve: the sieve of Eratosthenes over a list of flags, then a second,
# odd-only sieve that marks with slice assignment, and prime gaps in a dict.
#
# Usage: sieve.py [N [ITERATIONS]]
#   N = upper limit. Each iteration prints `#iter SECONDS` to stderr.
#
# Checks: both sieves find the same primes; primes below 2000 are confirmed
# by trial division; pi(N) matches the known value when N is a power of ten.
import sys
import time

PI_OF = {10: 4, 100: 25, 1000: 168, 10000: 1229, 100000: 9592, 1000000: 78498, 10000000: 664579}


def sieve_flags(n):
    flags = [True] * (n + 1)
    flags[0] = False
    if n >= 1:
        flags[1] = False
    p = 2
    while p * p <= n:
        if flags[p]:
            m = p * p
            while m <= n:
                flags[m] = False
                m += p
        p += 1
    return [k for k in range(n + 1) if flags[k]]


def sieve_odd(n):
    if n < 2:
        return []
    half = (n - 1) // 2  # index i stands for 2*i + 3
    odd = [1] * half
    i = 0
    while True:
        p = 2 * i + 3
        start = (p * p - 3) // 2
        if start >= half:
            break
        if odd[i]:
            cnt = (half - 1 - start) // p + 1
            odd[start:half:p] = [0] * cnt
        i += 1
    primes = [2]
    for i in range(half):
        if odd[i]:
            primes.append(2 * i + 3)
    return primes


def is_prime(k):
    if k < 2:
        return False
    d = 2
    while d * d <= k:
        if k % d == 0:
            return False
        d += 1
    return True


def bench(n):
    a = sieve_flags(n)
    b = sieve_odd(n)
    if a != b:
        raise SystemExit(f"sieve: the two sieves disagree ({len(a)} vs {len(b)} primes)")
    small = [k for k in range(min(n, 2000) + 1) if is_prime(k)]
    if a[:len(small)] != small:
        raise SystemExit("sieve: primes below 2000 do not match trial division")
    if n in PI_OF and len(a) != PI_OF[n]:
        raise SystemExit(f"sieve: pi({n}) = {len(a)}, expected {PI_OF[n]}")
    gaps = {}
    for k in range(1, len(a)):
        g = a[k] - a[k - 1]
        gaps[g] = gaps.get(g, 0) + 1
    widest = max(gaps) if gaps else 0
    common = 0
    for g in gaps:
        if common == 0 or gaps[g] > gaps[common]:
            common = g
    return f"sieve n={n} primes={len(a)} last={a[-1] if a else 0} widest_gap={widest} common_gap={common}"


def main():
    size = int(sys.argv[1]) if len(sys.argv) > 1 else 6000000
    iterations = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    first = None
    for it in range(iterations):
        t0 = time.perf_counter()
        line = bench(size)
        t1 = time.perf_counter()
        print(f"#iter {t1 - t0:.6f}", file=sys.stderr)
        if first is None:
            first = line
        elif line != first:
            raise SystemExit(f"sieve: iteration {it} gave {line!r}, the first gave {first!r}")
    print(first)


main()
