# Memory check (crates/cli/tests/memory.rs): N rounds, each of which invalidates the trace
# of a hot loop and runs the loop long enough (130 back-edges, past the backed-off counter
# of 127 that an invalidated loop gets) for tier 2 to form it again. The invalidations take
# turns: a class attribute (the trace guards the class version), a global added and removed
# (the globals dict's keys), a function's defaults (its version, which the trace's call
# into `helper` guards). Each also gives the specializer a new version to note (the call
# to `helper`, the `P(s)` call into `__init__`). Usage: invalidate.py N
import sys


class P:
    a = 1

    def __init__(self, x):
        self.x = x


def helper(x, d=1):
    return x + d


def work():
    s = 0
    for j in range(130):
        s += helper(j) + P.a
    P(s)
    return s


N = int(sys.argv[1])
t = 0
for i in range(N):
    m = i % 3
    if m == 0:
        P.a = i
    elif m == 1:
        Z = i
        del Z
    else:
        helper.__defaults__ = (1,)
    t += work()
print(t)
