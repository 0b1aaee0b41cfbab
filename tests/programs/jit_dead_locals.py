# Float locals that machine code keeps unboxed are written back at an exit only
# where tier 1 may read them again (:live-locals:). Each function here leaves a
# short inner loop thousands of times; after it, some floats are dead (written
# again before any read), some are read, deleted, read by an exception handler,
# or visible through locals() and super().


def dead_after_inner(n):
    total = 0.0
    for i in range(n):
        for j in range(i % 4):
            dx = i * 0.5 - j
            dy = dx * 0.25
            total += dx * dy
    return total


def read_after_inner(n):
    total = 0.0
    last = 0.0
    for i in range(n):
        last = -1.0
        for j in range(i % 3):
            last = i * 0.125 + j
            total += last
        total += last * 0.5
    return total, last


def deleted_after(n):
    total = 0.0
    for i in range(n):
        x = 0.0
        for j in range(i % 3):
            x = x + j * 1.5
        total += x
        del x
    return total


def handler_reads(n):
    total = 0.0
    bad = 0
    for i in range(n):
        acc = 0.5
        try:
            for j in range(i % 4):
                acc = acc * 1.5 + j
                if i % 97 == 3 and j == 2:
                    raise ValueError(acc)
            total += acc
        except ValueError:
            bad += 1
            total -= acc
    return total, bad


def sees_locals(n):
    keys = 0
    for i in range(n):
        y = 0.0
        for j in range(i % 3):
            y = y + 0.5 * j
        keys += len(locals())
        if i == n - 1:
            print(sorted(k for k in locals()), y)
    return keys


class Base:
    def scale(self, v):
        return v * 2.0


class Child(Base):
    def run(self, n):
        s = 0.0
        for i in range(n):
            f = 0.0
            for j in range(i % 3):
                f = f + 0.25 * j
            s += super().scale(f)
        return s


def unbound_later(n):
    out = []
    for i in range(n):
        if i > 0:
            for j in range(2):
                z = j * 0.5 + i
        if i == n - 1:
            try:
                print(z)
            except UnboundLocalError as e:
                print("unbound", e)
        out.append(i)
    return len(out)


def nested_exits(n):
    acc = 0.0
    for i in range(n):
        a = i * 0.1
        b = a * a
        for j in range(i % 5):
            c = a + b * j
            if c > 1e9:
                acc = -1.0
            acc += c
        for k in range(i % 2):
            b = b - k
            acc -= b * 0.001
    return acc


print(dead_after_inner(4000))
print(read_after_inner(4000))
print(deleted_after(4000))
print(handler_reads(4000))
print(sees_locals(3000))
print(Child().run(3000))
print(unbound_later(3000))
print(nested_exits(4000))
