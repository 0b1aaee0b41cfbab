# list_dict: list append / indexing / slicing, dict get / set and `in`.
#
# Usage: list_dict.py [N [ITERATIONS]]   (N = number of pseudo-random values generated)
#
# Values from a linear congruential generator are appended to a list and
# counted in a dict. The counts are checked against a second tally kept in a
# plain list, window sums taken with slices are checked against prefix sums,
# and a chunked slice-reversal is undone and compared with the original.
import sys
import time

KEYS = 5003


def generate(n):
    values = []
    x = 42
    for i in range(n):
        x = (x * 1103515245 + 12345) % 2147483648
        values.append((x // 65536) % KEYS)
    return values


def count(values):
    counts = {}
    for v in values:
        counts[v] = counts.get(v, 0) + 1
    return counts


def tally(values):
    t = [0] * KEYS
    for v in values:
        t[v] += 1
    return t


def check_counts(counts, t, n):
    total = 0
    for k in counts:
        if counts[k] != t[k]:
            raise SystemExit(f"list_dict: count of {k} is {counts[k]}, tally says {t[k]}")
        total += counts[k]
    if total != n:
        raise SystemExit(f"list_dict: counts add up to {total}, expected {n}")
    missing = 0
    for k in range(KEYS):
        if k in counts:
            continue
        if t[k] != 0:
            raise SystemExit(f"list_dict: key {k} missing from dict")
        missing += 1
    if missing + len(counts) != KEYS:
        raise SystemExit("list_dict: key count mismatch")
    return missing


def window_sums(values, width):
    prefix = [0]
    for v in values:
        prefix.append(prefix[-1] + v)
    best = -1
    best_at = 0
    i = 0
    while i + width <= len(values):
        w = values[i:i + width]
        s = 0
        for v in w:
            s += v
        if s != prefix[i + width] - prefix[i]:
            raise SystemExit(f"list_dict: window sum at {i} is wrong")
        if s > best:
            best = s
            best_at = i
        i += width // 2
    return best, best_at


def chunk_reverse(values, size):
    out = []
    for i in range(0, len(values), size):
        chunk = values[i:i + size]
        out.extend(chunk[::-1])
    return out


def pairs(values):
    # dict keyed by tuples: remember the first position of each adjacent pair
    first = {}
    repeats = 0
    for i in range(1, len(values)):
        key = (values[i - 1] % 61, values[i] % 61)
        if key in first:
            repeats += 1
        else:
            first[key] = i
    return len(first), repeats


def bench(n):
    values = generate(n)
    if len(values) != n:
        raise SystemExit("list_dict: wrong length")
    counts = count(values)
    missing = check_counts(counts, tally(values), n)
    best, best_at = window_sums(values, 16)
    rev = chunk_reverse(values, 7)
    if rev == values and n > 1:
        raise SystemExit("list_dict: chunk reversal did nothing")
    if chunk_reverse(rev, 7) != values:
        raise SystemExit("list_dict: chunk reversal is not its own inverse")
    distinct_pairs, repeats = pairs(values)
    if distinct_pairs + repeats != max(n - 1, 0):
        raise SystemExit("list_dict: pair counts do not add up")
    top = 0
    for k in counts:
        if counts[k] > top:
            top = counts[k]
    head = values[:3]
    return (f"list_dict n={n} distinct={len(counts)} missing={missing} top={top} "
          f"best={best}@{best_at} pairs={distinct_pairs} head={head}")


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 1000000
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
            raise SystemExit(f"list_dict: iteration {it} gave {line!r}, the first gave {first!r}")
    print(first)


main()
