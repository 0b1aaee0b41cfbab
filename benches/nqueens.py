# nqueens: count the placements of N non-attacking queens on an N x N board,
# twice: by backtracking over column/diagonal flag lists, and by a generator
# that yields every solution as a tuple of columns.
#
# Usage: nqueens.py [N [ITERATIONS]]
#   N = board size. Each iteration prints `#iter SECONDS` to stderr.
#
# Checks: both methods agree, the count matches the known sequence, and every
# generated solution is re-checked for attacks.
import sys
import time

KNOWN = [1, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712]


def count_backtrack(n):
    cols = [False] * n
    d1 = [False] * (2 * n)
    d2 = [False] * (2 * n)
    return place(0, n, cols, d1, d2)


def place(row, n, cols, d1, d2):
    if row == n:
        return 1
    total = 0
    for c in range(n):
        a = row + c
        b = row - c + n
        if not cols[c] and not d1[a] and not d2[b]:
            cols[c] = True
            d1[a] = True
            d2[b] = True
            total += place(row + 1, n, cols, d1, d2)
            cols[c] = False
            d1[a] = False
            d2[b] = False
    return total


def solutions(n, partial):
    row = len(partial)
    if row == n:
        yield tuple(partial)
        return
    for c in range(n):
        ok = True
        for r in range(row):
            q = partial[r]
            if q == c or row - r == c - q or row - r == q - c:
                ok = False
                break
        if ok:
            partial.append(c)
            for s in solutions(n, partial):
                yield s
            partial.pop()


def valid(sol):
    n = len(sol)
    for i in range(n):
        for j in range(i + 1, n):
            if sol[i] == sol[j] or abs(sol[i] - sol[j]) == j - i:
                return False
    return True


def bench(n):
    a = count_backtrack(n)
    sols = list(solutions(n, []))
    if len(sols) != a:
        raise SystemExit(f"nqueens: backtracking found {a}, the generator {len(sols)}")
    if n < len(KNOWN) and a != KNOWN[n]:
        raise SystemExit(f"nqueens: {a} solutions for n={n}, expected {KNOWN[n]}")
    for s in sols:
        if not valid(s):
            raise SystemExit(f"nqueens: {s} is not a solution")
    first = sols[0] if sols else ()
    return f"nqueens n={n} solutions={a} first={list(first)}"


def main():
    size = int(sys.argv[1]) if len(sys.argv) > 1 else 11
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
            raise SystemExit(f"nqueens: iteration {it} gave {line!r}, the first gave {first!r}")
    print(first)


main()
