# :return-const-exit: as jit_return_const_exit.py, but the `return 23` is in a caller the
# trace returned into (:return-to-caller:), not in the trace's own code: the trace starts in
# `leaf`, returns into `mid` and returns again from there. Called from another place, that
# second `_RETURN_TO_CALLER` exits with the constant on the stack. The exit must stay
# tier 1's; it was looked up in the trace's own code, so a trace formed there took the
# constant for its frame's own and machine code's inline return left it in the slot
# (found by a debug build's :pop-clears: check, session 51).


def leaf(x):
    return x


def mid(x):
    leaf(x)
    return 23


def mid_str(x):
    leaf(x)
    return "twenty-three"


def top_a(n):
    t = 0
    for i in range(n):
        t += mid(i)
    return t


def top_b(n):
    t = 0
    for i in range(n):
        t += mid(i) * 2
    return t


def fk(a, d0=-2, d1=4, *args, c=3, **kw):
    return a + d0 * 2 + d1 * 3 + sum(args) + c * 7 + sum(kw.values())


def k(x, y=7, *, z=11):
    return x + y * 2 + z * 3


print(top_a(300), top_b(300), top_a(50))
acc = []
for i in range(90):
    if i % 3 == 0:
        acc.append(fk(**{"a": i, "q": 1}))
    acc.append(mid(i) + fk(a=i))
    acc.append(len(mid_str(i)) + k(i) + k(i, z=1) + k(x=i, y=0))
print(len(acc), sum(acc), acc[:6])
s = 0
for i in range(200):
    s += top_b(3) + k(i) + len(mid_str(i))
print(s)
