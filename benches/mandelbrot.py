# mandelbrot: escape-time iteration over an N x N grid of the complex plane
# (real part in [-2, 1], imaginary part in [-1.5, 1.5]), at most 80
# iterations per point, with plain float arithmetic (no complex numbers).
#
# Usage: mandelbrot.py [N [ITERATIONS]]
#   N = grid width and height. Each iteration prints `#iter SECONDS` to stderr.
#
# Checks: the imaginary coordinates are exact negatives of each other for
# mirrored rows, and the iteration is symmetric under conjugation, so row j and
# row N-1-j must have identical escape counts; the fraction of points inside
# the set must be near the set's area share (about 0.17 of the window).
import sys
import time

MAX_ITER = 80


def row_counts(n, j):
    ci = (2 * j - (n - 1)) * 1.5 / (n - 1)
    counts = []
    for i in range(n):
        cr = -2.0 + 3.0 * i / (n - 1)
        zr = 0.0
        zi = 0.0
        k = 0
        while k < MAX_ITER:
            zr2 = zr * zr
            zi2 = zi * zi
            if zr2 + zi2 > 4.0:
                break
            zi = 2.0 * zr * zi + ci
            zr = zr2 - zi2 + cr
            k += 1
        counts.append(k)
    return counts


def bench(n):
    rows = [row_counts(n, j) for j in range(n)]
    inside = 0
    checksum = 0
    for j in range(n):
        row = rows[j]
        if row != rows[n - 1 - j]:
            raise SystemExit(f"mandelbrot: rows {j} and {n - 1 - j} differ")
        for k in row:
            if k == MAX_ITER:
                inside += 1
            checksum = (checksum * 31 + k) % 1000000007
    share = inside / (n * n)
    if n >= 32 and not (0.13 < share < 0.21):
        raise SystemExit(f"mandelbrot: {share:.3f} of the points inside, expected about 0.17")
    return f"mandelbrot n={n} inside={inside} checksum={checksum}"


def main():
    size = int(sys.argv[1]) if len(sys.argv) > 1 else 560
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
            raise SystemExit(f"mandelbrot: iteration {it} gave {line!r}, the first gave {first!r}")
    print(first)


main()
