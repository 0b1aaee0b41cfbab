# Where traces end and how runs of executors go on (session 40): a trace that ends with
# `_EXIT_TRACE` boxes only the float locals live where the run goes on; a loop's back-edge
# drops the float locals dead at its head; a chain of more than 64 executor-to-executor
# transfers goes on from the host; an exit in a callee at the offset its trace starts at warms.


def inner_outer(n):
    # The middle loop's trace runs the inner loop's first pass and ends at its back-edge:
    # dx, dy, d2 are dead there, acc and last are not.
    acc = 0.0
    last = 0.0
    for i in range(n):
        base = i * 0.25
        for j in range(i % 4 + 1):
            dx = base - j * 0.5
            dy = dx * 1.5 + 0.125
            d2 = dx * dx + dy * dy
            acc += d2 * 0.001
            last = d2
    return round(acc, 6), round(last, 6)


def dead_after(n):
    # x is dead at the loop head (stored before every read); y is read after the loop.
    y = 0.0
    for i in range(n):
        x = i * 0.5
        y = x + 1.0
    return y


def dead_then_read(n):
    # z is stored in the loop and read after it only on one path: live at the head.
    z = -1.0
    for i in range(n):
        if i % 3 == 0:
            z = i * 2.0
    return z


def ping(n, out):
    # Many small loops in a row: a long chain of linked exits between their traces.
    for k in range(n):
        for a in range(2):
            out[0] += a * 0.5
        for b in range(2):
            out[1] += b * 0.25
        for c in range(2):
            out[2] += c * 0.125
    return out


def helper(v):
    if v > 3:
        return v - 1
    return v + 1


def through_callee(n):
    # A loop whose trace enters `helper`; the branch in the callee goes both ways.
    t = 0
    for i in range(n):
        t += helper(i % 7)
    return t


def mixed_boxes(n):
    # A float local that a trace end boxes while an int local is live too.
    f = 0.5
    k = 0
    for i in range(n):
        for j in range(2):
            f = f * 0.999 + j
            k += j
        if i % 50 == 49:
            f = 0.5
    return round(f, 9), k


print(inner_outer(3000))
print(dead_after(5000))
print(dead_then_read(5000))
print(ping(3000, [0.0, 0.0, 0.0]))
print(through_callee(6000))
print(mixed_boxes(4000))
