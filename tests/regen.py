#!/usr/bin/env python3
"""Regenerate the expected outputs of the differential test corpus.

For every tests/programs/NAME.py whose name does not start with '_', run
    python3 -X utf8 NAME.py
with cwd = tests/programs and PYTHONHASHSEED=0, and write
    tests/expected/NAME.out   -- the program's stdout (always)
    tests/expected/NAME.err   -- only if the exit status is non-zero:
                                 "exit N\n<last line of stderr>\n"
Stale .err files (program now exits 0) are removed, as are .out/.err files
whose program no longer exists (only on a full regeneration).

Usage:
    python3 tests/regen.py            # regenerate everything
    python3 tests/regen.py NAME ...   # only these programs (NAME or NAME.py)
"""
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
PROGRAMS = os.path.join(HERE, "programs")
EXPECTED = os.path.join(HERE, "expected")
PYTHON = os.environ.get("PYTHON", "python3")
TIMEOUT = 30


def program_names():
    names = []
    for fn in sorted(os.listdir(PROGRAMS)):
        if fn.endswith(".py") and not fn.startswith("_"):
            names.append(fn[:-3])
    return names


def last_line(text):
    lines = [ln for ln in text.splitlines() if ln.strip()]
    return lines[-1] if lines else ""


def regen_one(name):
    env = dict(os.environ)
    env["PYTHONHASHSEED"] = "0"
    env["PYTHONIOENCODING"] = "utf-8"
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    env.pop("PYTHONSTARTUP", None)
    proc = subprocess.run(
        [PYTHON, "-X", "utf8", name + ".py"],
        cwd=PROGRAMS,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        timeout=TIMEOUT,
    )
    out_path = os.path.join(EXPECTED, name + ".out")
    err_path = os.path.join(EXPECTED, name + ".err")
    with open(out_path, "wb") as f:
        f.write(proc.stdout)
    if proc.returncode != 0:
        stderr = proc.stderr.decode("utf-8", "replace")
        with open(err_path, "w", encoding="utf-8", newline="\n") as f:
            f.write("exit %d\n%s\n" % (proc.returncode, last_line(stderr)))
        status = "exit %d: %s" % (proc.returncode, last_line(stderr))
    else:
        if os.path.exists(err_path):
            os.remove(err_path)
        status = "ok"
    return status


def main(argv):
    os.makedirs(EXPECTED, exist_ok=True)
    all_names = program_names()
    if argv:
        names = []
        for a in argv:
            a = os.path.basename(a)
            if a.endswith(".py"):
                a = a[:-3]
            if a not in all_names:
                print("regen: no such program: %s" % a, file=sys.stderr)
                return 2
            names.append(a)
    else:
        names = all_names
        # drop expected files of programs that no longer exist
        keep = set(all_names)
        for fn in os.listdir(EXPECTED):
            base, ext = os.path.splitext(fn)
            if ext in (".out", ".err") and base not in keep:
                os.remove(os.path.join(EXPECTED, fn))
    for name in names:
        status = regen_one(name)
        print("%-40s %s" % (name, status))
    print("regenerated %d program(s)" % len(names))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
