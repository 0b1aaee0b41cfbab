#!/usr/bin/env python3
"""Runs one program under callgrind with Cranelift's machine code dumped, and prints the
hottest executors' code with the number of times each instruction ran (see README.md)."""
import argparse
import collections
import os
import re
import subprocess
import sys
import tempfile


def parse_args():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--bin", default="target/dist/tracelift", help="the tracelift binary")
    p.add_argument("--top", type=int, default=2, help="how many executors to print")
    p.add_argument("--all", action="store_true", help="print cold instructions too")
    p.add_argument("program")
    p.add_argument("args", nargs=argparse.REMAINDER)
    return p.parse_args()


def instruction_counts(cg_path):
    """Address -> instructions executed there (self cost only), from a callgrind file
    written with --dump-instr=yes."""
    counts = collections.Counter()
    last, skip = 0, False
    with open(cg_path) as f:
        for line in f:
            if line.startswith("calls="):
                skip = True  # the next cost line is the call's inclusive cost
                continue
            if not line or not (line[0].isdigit() or line[0] in "+-*"):
                continue
            t = line.split()
            tok = t[0]
            if tok.startswith("+"):
                addr = last + int(tok[1:], 0)
            elif tok.startswith("-"):
                addr = last - int(tok[1:], 0)
            elif tok == "*":
                addr = last
            else:
                addr = int(tok, 0)
            last = addr
            if skip:
                skip = False
                continue
            if len(t) >= 3:
                counts[addr] += int(t[2])
    return counts


def executors_asm(asm_path):
    """Executor name (e0, e1, ...) -> [(offset, text)] from `--dump asm`."""
    code, cur = {}, None
    with open(asm_path, errors="replace") as f:
        for line in f:
            m = re.match(r"# executor (e\d+) machine code", line)
            if m:
                cur = code.setdefault(m.group(1), [])
                continue
            m = re.match(r"\s*([0-9a-f]+): (.*)", line)
            if cur is not None and m:
                cur.append((int(m.group(1), 16), m.group(2).rstrip()))
    return code


def main():
    a = parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        cg, asm = os.path.join(tmp, "cg.out"), os.path.join(tmp, "asm.txt")
        cmd = ["valgrind", "--tool=callgrind", "--smc-check=all", "--dump-instr=yes",
               f"--callgrind-out-file={cg}", a.bin, "run", "--engine", "cranelift", "--perf-map",
               "--dump", "asm", a.program] + a.args
        with open(asm, "w") as err:
            proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=err)
            proc.wait()
        # The perf map names each executor's code range (`tracelift:FUNC:LINE:xN`); with
        # --dump the executors are compiled in order, so xN is the dump's eN.
        ranges = []
        with open(f"/tmp/perf-{proc.pid}.map") as f:
            for line in f:
                start, size, name = line.split(None, 2)
                m = re.match(r"tracelift:.*:x(\d+)$", name.strip())
                if m:
                    ranges.append((int(start, 16), int(size, 16), name.strip(), "e" + m.group(1)))
        os.unlink(f"/tmp/perf-{proc.pid}.map")
        counts = instruction_counts(cg)
        code = executors_asm(asm)
    total = sum(counts.values())
    per = []
    for start, size, name, ex in ranges:
        c = {addr - start: n for addr, n in counts.items() if start <= addr < start + size}
        per.append((sum(c.values()), name, ex, c))
    per.sort(reverse=True)
    jit = sum(p[0] for p in per)
    print(f"instructions: {total:,} in all, {jit:,} in machine code ({100 * jit / max(total, 1):.1f}%)")
    for ir, name, ex, c in per[: a.top]:
        if not c:
            continue
        # The main path of a loop: every instruction of the body ran as often as the loop did.
        laps, _ = collections.Counter(n for n in c.values() if n).most_common(1)[0]
        body = sum(1 for n in c.values() if n == laps)
        print(f"\n## {name} ({ex}): {ir:,} instructions, {100 * ir / max(total, 1):.1f}%;"
              f" {body} instructions ran {laps:,} times (a loop's body, per iteration)")
        for off, text in code.get(ex, []):
            n = c.get(off, 0)
            if a.all or n * 2 >= laps:
                print(f"{n:>10} {off:6x}: {text}")


if __name__ == "__main__":
    try:
        main()
    except BrokenPipeError:  # `| head`
        sys.stdout = None
