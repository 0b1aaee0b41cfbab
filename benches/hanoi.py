# hanoi: the towers of Hanoi, solved recursively on three list pegs with
# append/pop, every move checked for legality; then solved again with the
# iterative smallest-disk-cycle rule, and the two move sequences compared by
# a rolling hash.
#
# Usage: hanoi.py [N [ITERATIONS]]
#   N = number of disks. Each iteration prints `#iter SECONDS` to stderr.
#
# Checks: no disk ever lands on a smaller one, both solutions use 2**N - 1
# moves, end with the whole tower on the target peg, and agree move by move.
import sys
import time

MOD = 1000000007


class Towers:
    def __init__(self, n):
        self.pegs = [list(range(n, 0, -1)), [], []]
        self.moves = 0
        self.digest = 0

    def move(self, src, dst):
        pegs = self.pegs
        disk = pegs[src].pop()
        target = pegs[dst]
        if target and target[-1] < disk:
            raise SystemExit(f"hanoi: disk {disk} put on disk {target[-1]}")
        target.append(disk)
        self.moves += 1
        self.digest = (self.digest * 7 + src * 3 + dst + disk) % MOD


def solve(t, n, src, dst, via):
    if n == 0:
        return
    solve(t, n - 1, src, via, dst)
    t.move(src, dst)
    solve(t, n - 1, via, dst, src)


def solve_iterative(n):
    t = Towers(n)
    total = 2 ** n - 1
    # the smallest disk cycles 0 -> 2 -> 1 for odd n, 0 -> 1 -> 2 for even n
    step = 2 if n % 2 == 1 else 1
    small = 0
    pegs = t.pegs
    while t.moves < total:
        nxt = (small + step) % 3
        t.move(small, nxt)
        small = nxt
        if t.moves == total:
            break
        a = (small + 1) % 3
        b = (small + 2) % 3
        if not pegs[a]:
            t.move(b, a)
        elif not pegs[b] or pegs[a][-1] < pegs[b][-1]:
            t.move(a, b)
        else:
            t.move(b, a)
    return t


def bench(n):
    t = Towers(n)
    solve(t, n, 0, 2, 1)
    expect = 2 ** n - 1
    if t.moves != expect or t.pegs[2] != list(range(n, 0, -1)):
        raise SystemExit(f"hanoi: recursive solution made {t.moves} moves or left disks behind")
    u = solve_iterative(n)
    if u.moves != expect or u.pegs[2] != t.pegs[2]:
        raise SystemExit(f"hanoi: iterative solution made {u.moves} moves or left disks behind")
    if u.digest != t.digest:
        raise SystemExit("hanoi: the recursive and iterative move sequences differ")
    return f"hanoi n={n} moves={t.moves} digest={t.digest}"


def main():
    size = int(sys.argv[1]) if len(sys.argv) > 1 else 20
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
            raise SystemExit(f"hanoi: iteration {it} gave {line!r}, the first gave {first!r}")
    print(first)


main()
