# permutations: every permutation of range(N), generated three ways: a
# recursive generator (lexicographic order), the iterative next-permutation
# step (lexicographic order, in place) and Heap's algorithm (swap order).
#
# Usage: permutations.py [N [ITERATIONS]]
#   N = number of elements. Each iteration prints `#iter SECONDS` to stderr.
#
# Checks: each method yields N! permutations; the two lexicographic methods
# agree one by one and are strictly increasing; the position-weighted sum over
# all permutations equals its closed form for every method (each value sits
# in each position (N-1)! times).
import sys
import time


def lex_gen(items):
    if len(items) <= 1:
        yield items[:]
        return
    for k in range(len(items)):
        head = items[k]
        rest = items[:k] + items[k + 1:]
        for tail in lex_gen(rest):
            tail.insert(0, head)
            yield tail


def next_perm(p):
    i = len(p) - 2
    while i >= 0 and p[i] >= p[i + 1]:
        i -= 1
    if i < 0:
        return False
    j = len(p) - 1
    while p[j] <= p[i]:
        j -= 1
    p[i], p[j] = p[j], p[i]
    p[i + 1:] = p[i + 1:][::-1]
    return True


def heap_perms(n):
    p = list(range(n))
    c = [0] * n
    yield p
    i = 1
    while i < n:
        if c[i] < i:
            if i % 2 == 0:
                p[0], p[i] = p[i], p[0]
            else:
                p[c[i]], p[i] = p[i], p[c[i]]
            yield p
            c[i] += 1
            i = 1
        else:
            c[i] = 0
            i += 1


def weight(p):
    w = 0
    for pos in range(len(p)):
        w += (pos + 1) * p[pos]
    return w


def bench(n):
    fact = 1
    for k in range(2, n + 1):
        fact *= k
    # sum over permutations of sum_pos (pos+1) * p[pos] = (n-1)! * (sum of 1..n) * (sum of 0..n-1)
    closed = (fact // n) * (n * (n + 1) // 2) * (n * (n - 1) // 2) if n > 0 else 0
    cur = list(range(n))
    prev = None
    count = 0
    total = 0
    for p in lex_gen(list(range(n))):
        if p != cur:
            raise SystemExit(f"permutations: generator gave {p}, next_perm gave {cur}")
        if prev is not None and not (prev < p):
            raise SystemExit(f"permutations: {p} does not follow {prev}")
        prev = p
        total += weight(p)
        count += 1
        cur = cur[:]
        next_perm(cur)
    if count != fact or total != closed:
        raise SystemExit(f"permutations: lexicographic count {count} / sum {total}, expected {fact} / {closed}")
    hcount = 0
    htotal = 0
    seen = {}
    for p in heap_perms(n):
        hcount += 1
        htotal += weight(p)
        if n <= 6:
            seen[tuple(p)] = True
    if hcount != fact or htotal != closed:
        raise SystemExit(f"permutations: Heap count {hcount} / sum {htotal}, expected {fact} / {closed}")
    if n <= 6 and len(seen) != fact:
        raise SystemExit("permutations: Heap's algorithm repeated a permutation")
    return f"permutations n={n} count={count} weighted_sum={total} last={prev}"


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
            raise SystemExit(f"permutations: iteration {it} gave {line!r}, the first gave {first!r}")
    print(first)


main()
