# fannkuch: pancake flipping over every permutation of 1..N ("fannkuch-redux"):
# for each permutation, repeatedly reverse the first p[0] elements until 1
# comes first; report the largest number of flips and a checksum that adds
# the flip counts with alternating signs in generation order.
#
# Usage: fannkuch.py [N [ITERATIONS]]
#   N = permutation length (3..12). Each iteration prints `#iter SECONDS` to
#   stderr.
#
# Checks: the permutation count is N!, and (checksum, max flips) equal the
# published values for N; for N <= 7 the maximum is also recomputed by a
# separate brute force over a recursive permutation generator.
import sys
import time

KNOWN = {
    3: (2, 2), 4: (-2, 4), 5: (11, 7), 6: (49, 10), 7: (228, 16), 8: (1616, 22),
    9: (8629, 30), 10: (73196, 38), 11: (556355, 51), 12: (3968050, 65),
}


def fannkuch(n):
    perm1 = list(range(n))
    count = [0] * n
    max_flips = 0
    checksum = 0
    sign = 1
    perms = 0
    r = n
    while True:
        while r != 1:
            count[r - 1] = r
            r -= 1
        perms += 1
        first = perm1[0]
        if first != 0:
            perm = perm1[:]
            flips = 0
            while first != 0:
                lo = 0
                hi = first
                while lo < hi:
                    t = perm[lo]
                    perm[lo] = perm[hi]
                    perm[hi] = t
                    lo += 1
                    hi -= 1
                flips += 1
                first = perm[0]
            if flips > max_flips:
                max_flips = flips
            checksum += sign * flips
        sign = -sign
        # next permutation in the count-rotation order
        while True:
            if r == n:
                return checksum, max_flips, perms
            p0 = perm1[0]
            for k in range(r):
                perm1[k] = perm1[k + 1]
            perm1[r] = p0
            count[r] -= 1
            if count[r] > 0:
                break
            r += 1


def all_perms(items):
    if len(items) <= 1:
        yield items
        return
    for k in range(len(items)):
        rest = items[:k] + items[k + 1:]
        for p in all_perms(rest):
            yield [items[k]] + p


def flips_of(p):
    p = p[:]
    flips = 0
    while p[0] != 0:
        head = p[:p[0] + 1]
        head.reverse()
        p = head + p[p[0] + 1:]
        flips += 1
    return flips


def bench(n):
    checksum, max_flips, perms = fannkuch(n)
    fact = 1
    for k in range(2, n + 1):
        fact *= k
    if perms != fact:
        raise SystemExit(f"fannkuch: visited {perms} permutations, expected {fact}")
    if n in KNOWN and KNOWN[n] != (checksum, max_flips):
        raise SystemExit(f"fannkuch: got {(checksum, max_flips)}, expected {KNOWN[n]}")
    if n <= 7:
        brute = max([flips_of(p) for p in all_perms(list(range(n)))])
        if brute != max_flips:
            raise SystemExit(f"fannkuch: brute force says {brute} flips, got {max_flips}")
    return f"fannkuch n={n} checksum={checksum} max_flips={max_flips}"


def main():
    size = int(sys.argv[1]) if len(sys.argv) > 1 else 9
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
            raise SystemExit(f"fannkuch: iteration {it} gave {line!r}, the first gave {first!r}")
    print(first)


main()
