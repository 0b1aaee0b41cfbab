# Cranelift keeps float locals in registers across a loop (:unboxed-local:) and boxes them
# only when the frame must be exact. Each way out of such a loop must see the right values:
# the loop's end, a break, a side exit into another branch, an exception caught in the same
# function, a call that reads a global the loop set, locals(), and a local that changes type.


def accumulate(n):
    s = 0.0
    x = 1.0
    for i in range(n):
        x = x * 1.0001 + 0.5
        s = s + x
    return s, x


def with_break(n, stop):
    a = 0.0
    b = 2.0
    for i in range(n):
        a = a + b * 0.5
        b = b - 0.001
        if i == stop:
            break
    return a, b


def with_branch(n):
    a = 0.0
    t = 0.25
    for i in range(n):
        t = t * 0.999
        if i % 7 == 3:
            a = a - t
        else:
            a = a + t
    return a, t


def with_exception(n):
    acc = 0.0
    d = 3.0
    caught = 0
    for i in range(n):
        d = d - 0.5
        try:
            acc = acc + 1.0 / (d if i % 50 else 0.0)
        except ZeroDivisionError:
            caught += 1
            acc = acc + d
    return acc, d, caught


def peek(v):
    return v * 2.0


def with_calls(n):
    y = 0.5
    total = 0.0
    for i in range(n):
        y = y + 0.125
        total = total + peek(y)
    return total, y


def with_locals(n):
    z = 0.0
    seen = 0.0
    for i in range(n):
        z = z + 1.5
        if i == n - 2:
            seen = locals()["z"]
    return z, seen


def changes_type(n):
    v = 0.0
    out = []
    for i in range(n):
        v = v + 1.0
        if i % 100 == 99:
            v = int(v)
            out.append(v)
            v = float(v)
    return v, out[-3:]


def nested(n):
    total = 0.0
    for i in range(n):
        u = 0.0
        for j in range(3):
            u = u + 0.5 * j
        total = total + u
    return total, u


# Past the default trace threshold (4096 back-edges), so that specialized traces form.
N = 6000
print(accumulate(N))
print(with_break(N, 5500), with_break(N, 5))
print(with_branch(N))
print(with_exception(N))
print(with_calls(N))
print(with_locals(N))
print(changes_type(N))
print(nested(N))
