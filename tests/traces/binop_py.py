# `a - b` on instances whose class defines `__sub__` in Python: BINARY_OP_PY's guards
# (`_GUARD_TYPE_VERSION` on `b`, `_CHECK_BINOP_PY` on `a` and its dunder), the call set-up and
# the frame the trace follows into `__sub__` and back (:binop-frame:). The analysis knows
# `self`'s class in the callee, so its attribute loads need no class guard of their own.
class P:
    def __init__(self, x):
        self.x = x

    def __sub__(self, other):
        return self.x - other.x


def f(ps, n):
    t = 0
    for i in range(n):
        t += ps[i % 2] - ps[1]
    return t


print(f([P(5), P(2)], 100))
