# :return-const-exit: a function's entry trace returns to the caller it was formed for; called
# from another place, its `_RETURN_TO_CALLER` exits with the constant of `return 23` still on
# the stack. Tier 1 releases it when it returns; a trace formed at that exit once took it for
# the frame's own, and machine code's inline return left it in the slot, where the next
# frame's keyword binding read it as a bound argument (found by tracelift-fuzz, seed 307054).


def f12():
    v13 = {}
    return 23


def g():
    return None


r14 = f12()
for i51 in range(84):
    r55 = f12()
    g()


def fk62(a, d0=-2, d1=4, *args, c=3, **kw):
    return a + d0 * 2 + d1 * 3 + sum(args) + c * 7 + sum(kw.values())


acc64 = []
for i63 in range(83):
    if i63 % 3 == 0:
        acc64.append(fk62(**{'a': i63, 'q': 1}))
    if i63 % 2 == 0:
        acc64.append(fk62(a=i63))
print(len(acc64), sum(acc64), acc64[:4])


def k(x, y=7, *, z=11):
    return x + y * 2 + z * 3


tot = 0
for i in range(60):
    tot += f12() + (g() is None)
    tot += k(i) + k(i, z=1) + k(x=i, y=0)
print(tot)
