# strings: string building with join and f-strings, %-formatting, split,
# strip, replace and slicing.
#
# Usage: strings.py [N [ITERATIONS]]   (N = number of records)
#
# N records are rendered as CSV-like text, then parsed back. The parsed
# numbers must match the ones that were rendered, and slicing / replace
# round trips must give back the original strings.
import sys
import time

CITIES = ["  Oslo", "Lima ", " Porto ", "Kyoto", "Accra  ", " Quito"]


def make_records(n):
    lines = []
    x = 1
    for i in range(n):
        x = (x * 48271) % 2147483647
        city = CITIES[i % len(CITIES)]
        name = "user%d_%s" % (i, "abcdefgh"[i % 8:i % 8 + 3])
        lines.append(f"{name},{x % 100000},{city},{i % 97 / 4}")
    return "\n".join(lines)


def expected_sums(n):
    total = 0
    quarter = 0
    x = 1
    for i in range(n):
        x = (x * 48271) % 2147483647
        total += x % 100000
        quarter += i % 97
    return total, quarter


def parse(text):
    total = 0
    quarters = 0.0
    by_city = {}
    names = []
    for line in text.split("\n"):
        fields = line.split(",")
        name = fields[0]
        total += int(fields[1])
        city = fields[2].strip()
        by_city[city] = by_city.get(city, 0) + 1
        quarters += float(fields[3])
        tail = name[4:]
        if tail.split("_")[0] != str(len(names)):
            raise SystemExit(f"strings: record {len(names)} has name {name!r}")
        names.append(tail)
    return total, quarters, by_city, names


def transform(names):
    out = []
    for s in names:
        t = s.replace("_", "-").replace("b", "XY")
        r = t[::-1]
        if r[::-1] != t:
            raise SystemExit(f"strings: double reversal changed {t!r}")
        if t.replace("XY", "b").replace("-", "_") != s:
            raise SystemExit(f"strings: replace round trip failed for {s!r}")
        out.append(r[:4] + t[-3:])
    return "|".join(out)


def bench(n):
    text = make_records(n)
    total, quarters, by_city, names = parse(text)
    etotal, equarter = expected_sums(n)
    if total != etotal:
        raise SystemExit(f"strings: parsed total {total} != expected {etotal}")
    if quarters != equarter / 4:
        raise SystemExit(f"strings: parsed quarters {quarters} != expected {equarter / 4}")
    if len(names) != n:
        raise SystemExit(f"strings: parsed {len(names)} names, expected {n}")
    if len(by_city) != min(n, len(CITIES)):
        raise SystemExit(f"strings: {len(by_city)} distinct cities, expected {min(n, len(CITIES))}")
    cities = 0
    for c in by_city:
        if c[:1] == " " or c[-1:] == " ":
            raise SystemExit(f"strings: city {c!r} was not stripped")
        cities += by_city[c]
    if cities != n:
        raise SystemExit(f"strings: city counts add up to {cities}, expected {n}")
    joined = transform(names)
    pieces = joined.split("|")
    if len(pieces) != n:
        raise SystemExit(f"strings: {len(pieces)} pieces after join/split, expected {n}")
    summary = " ".join([f"{c}:{by_city[c]}" for c in by_city])
    return (f"strings n={n} total={total} chars={len(text)} joined={len(joined)} "
          f"last={pieces[-1]} {summary}")


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 300000
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
            raise SystemExit(f"strings: iteration {it} gave {line!r}, the first gave {first!r}")
    print(first)


main()
