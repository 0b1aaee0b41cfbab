# Float locals that are dead at a loop's head: the back-edge drops them from the
# registers and leaves their slots empty, so the next pass stores them without a
# release (:empty-slot:). Each loop here has such a local, and something that can
# make the slot hold a word again before the next store: a store of an int, a
# `del`, a call in between, an exit in the middle of the body, and locals()
# after the loop.


class Box:
    def __init__(self, v):
        self.v = v


def plain(n):
    acc = 0.0
    for i in range(n):
        d = i * 0.5          # dead at the head, stored unboxed every pass
        e = d * d - 1.0      # dead at the head too
        acc += e * 0.25
    return acc


def sometimes_int(n):
    acc = 0.0
    for i in range(n):
        d = i * 0.5
        if i % 7 == 3:
            d = i            # an int: the slot holds a boxed word this pass
        acc += d
    return acc


def with_del(n):
    acc = 0.0
    for i in range(n):
        d = i * 1.5
        acc += d
        if i % 11 == 5:
            del d
    return acc


def with_call(n, box):
    acc = 0.0
    for i in range(n):
        d = i * 0.25
        box.v = d            # the float escapes into an object
        acc += len(str(i)) + d
    return acc, box.v


def exits_in_body(n, xs):
    acc = 0.0
    for i in range(n):
        d = i * 2.0
        x = xs[i % len(xs)]
        acc += d * x         # x is an int now and then: a side exit mid-body
    return acc


def seen_after(n):
    for i in range(n):
        d = i * 3.0
        e = d + 1.0
    names = sorted(k for k in locals() if k in ("d", "e", "i"))
    return names, d, e


box = Box(0)
print(plain(5000))
print(sometimes_int(5000))
print(with_del(5000))
print(with_call(5000, box))
print(exits_in_body(5000, [1.0, 2.0, 3, 0.5, 4.0, 5]))
print(seen_after(5000))
