# calls: recursive fib plus many small function calls with several
# arguments and default values.
#
# Usage: calls.py [N [ITERATIONS]]
#   N = number of iterations of the small-call loop; N // 2000 recursive fib
#   evaluations are added. Each iteration prints `#iter SECONDS` to stderr.
#
# Every fib result is checked against an iteratively computed table, and
# the small-call accumulation is checked against the same arithmetic done
# inline (no calls).
import sys
import time


def fib(n):
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)


def fib_table(k):
    t = [0, 1]
    while len(t) <= k:
        t.append(t[-1] + t[-2])
    return t


def clamp(x, lo=0, hi=1000):
    if x < lo:
        return lo
    if x > hi:
        return hi
    return x


def mix(a, b, c=3, d=7):
    return a * c + b * d


def step(x, inc=1):
    return x + inc


def weigh(a, b, c, d, e=2):
    return (a + b) * e - (c - d)


def pick(flag, yes, no=-1):
    if flag:
        return yes
    return no


def small_calls(n):
    acc = 0
    i = 0
    while i < n:
        m = mix(i % 100, i % 13)
        m2 = mix(i % 17, 5, 2)
        c = clamp(m - 400)
        c2 = clamp(m2, 10, 50)
        w = weigh(c, c2, i % 11, 3)
        p = pick(i % 3 == 0, w)
        acc = (acc + p + w) % 1000000007
        i = step(i)
    return acc


def small_inline(n):
    acc = 0
    for i in range(n):
        m = (i % 100) * 3 + (i % 13) * 7
        m2 = (i % 17) * 2 + 5 * 7
        c = m - 400
        if c < 0:
            c = 0
        elif c > 1000:
            c = 1000
        c2 = m2
        if c2 < 10:
            c2 = 10
        elif c2 > 50:
            c2 = 50
        w = (c + c2) * 2 - (i % 11 - 3)
        if i % 3 == 0:
            p = w
        else:
            p = -1
        acc = (acc + p + w) % 1000000007
    return acc


def bench(n):
    table = fib_table(25)
    fsum = 0
    reps = n // 2000 + 1
    for r in range(reps):
        k = 15 + r % 6
        f = fib(k)
        if f != table[k]:
            raise SystemExit(f"calls: fib({k}) = {f}, expected {table[k]}")
        fsum += f
    acc = small_calls(n)
    expect = small_inline(n)
    if acc != expect:
        raise SystemExit(f"calls: small-call result {acc} != inline result {expect}")
    return f"calls n={n} fib_sum={fsum} acc={acc}"


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 830000
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
            raise SystemExit(f"calls: iteration {it} gave {line!r}, the first gave {first!r}")
    print(first)


main()
