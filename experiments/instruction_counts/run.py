#!/usr/bin/env python3
"""Instructions per benchmark loop, counted by valgrind (callgrind), for A/B comparisons on a
noisy machine: the count of one process does not depend on the load, so two builds differ
by what their code does, not by what the host did meanwhile.

Each benchmark runs twice per binary and engine, at L1 and L2 loops (`--values 1`); the
slope (I(L2) - I(L1)) / (L2 - L1) is the cost of one steady loop, start-up and warm-up
cancelled. Usage (see README.md):

    python3 experiments/instruction_counts/run.py --bins OLD,NEW [--engines tier1,cranelift]
        [BENCH:L1:L2 ...]
"""
import argparse
import os
import re
import subprocess
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
MANIFEST = os.path.join(ROOT, "benches", "pyperformance", "manifest.txt")
# Small enough that a callgrind run (about 50x slower) stays under a minute.
DEFAULT = ["comprehensions:100:300", "deepcopy:20:60", "hexiom:1:3", "go:1:2", "nqueens:1:2",
           "chaos:1:3", "deltablue:10:30", "logging_silent:20000:60000", "richards_super:1:3"]


def benchmarks_dir():
    for dirpath, dirnames, _ in os.walk(os.path.join(ROOT, "target", "pyperformance")):
        if os.path.basename(dirpath) == "benchmarks" and "data-files" in dirpath:
            return dirpath
        dirnames.sort()
    sys.exit("pyperformance is not unpacked under target/: run `just bench-quick` once first")


def manifest():
    """name -> (folder, extra args), as benches/pyperformance/manifest.txt gives them."""
    out = {}
    for line in open(MANIFEST):
        p = line.split()
        if len(p) >= 4 and not line.startswith("#") and p[0] not in ("version", "out"):
            out[p[0]] = (p[5], p[6:]) if len(p) > 5 and p[4] == "from" else (p[0], [])
    return out


def count(binary, engine, script, args, loops):
    # --smc-check=all: code memory is reused once an executor is freed, and valgrind must
    # translate the new code written there again rather than run its stale translation.
    cmd = ["valgrind", "--tool=callgrind", "--smc-check=all", "--callgrind-out-file=/dev/null",
           binary, "run", "--engine", engine, script, *args, "--loops", str(loops), "--values", "1"]
    env = dict(os.environ, PYTHONPATH=os.path.join(ROOT, "benches", "pyperformance"))
    r = subprocess.run(cmd, capture_output=True, text=True, env=env)
    m = re.search(r"Collected : (\d+)", r.stderr)
    if r.returncode != 0 or not m:
        sys.exit(f"failed: {' '.join(cmd)}\n{r.stderr[-2000:]}")
    return int(m.group(1))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bins", required=True, help="comma-separated tracelift binaries (first is the base)")
    ap.add_argument("--engines", default="tier1")
    ap.add_argument("benches", nargs="*", default=DEFAULT, help="NAME:L1:L2 (pyperformance manifest names)")
    a = ap.parse_args()
    bins = a.bins.split(",")
    bdir, man = benchmarks_dir(), manifest()
    print("| benchmark | engine | " + " | ".join(bins) + " |")
    print("|---|---|" + "---:|" * len(bins))
    for spec in a.benches:
        name, l1, l2 = spec.split(":")
        folder, extra = man[name]
        script = os.path.join(bdir, f"bm_{folder}", "run_benchmark.py")
        for engine in a.engines.split(","):
            per = []
            for b in bins:
                lo, hi = count(b, engine, script, extra, int(l1)), count(b, engine, script, extra, int(l2))
                per.append((hi - lo) / (int(l2) - int(l1)))
            cells = [f"{per[0]:,.0f}"] + [f"{p:,.0f} ({(p / per[0] - 1) * 100:+.1f}%)" for p in per[1:]]
            print(f"| {name} | {engine} | " + " | ".join(cells) + " |", flush=True)


if __name__ == "__main__":
    main()
