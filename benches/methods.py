# methods: method calls — small methods on one class, methods calling other
# methods on self, inherited and overridden methods called polymorphically,
# and bound methods stored in a list and called later.
#
# Usage: methods.py [N [ITERATIONS]]
#   N = number of loop steps. Each iteration prints `#iter SECONDS` to stderr.
#
# Checks: every counter kept by the objects is recomputed with the same
# arithmetic written inline (no method calls), and the two must agree.
import sys
import time


class Counter:
    def __init__(self, start):
        self.value = start
        self.calls = 0

    def bump(self):
        self.calls += 1

    def add(self, k):
        self.bump()
        self.value = (self.value + k) % 1000003

    def get(self):
        return self.value


class Shape:
    def __init__(self, a, b):
        self.a = a
        self.b = b

    def area2(self):
        return 2 * self.a * self.b

    def perimeter(self):
        return 2 * (self.a + self.b)

    def score(self):
        return self.area2() + self.perimeter()

    def grow(self, d):
        self.a += d


class Triangle(Shape):
    def area2(self):
        return self.a * self.b

    def perimeter(self):
        return self.a + self.b + self.hyp()

    def hyp(self):
        return (self.a + self.b) * 3 // 4


class Square(Shape):
    def __init__(self, a):
        super().__init__(a, a)

    def grow(self, d):
        self.a += d
        self.b += d


def make_shapes():
    return [Shape(3, 4), Triangle(5, 2), Square(6), Shape(1, 9), Triangle(7, 7), Square(2)]


def run_methods(n):
    c = Counter(7)
    shapes = make_shapes()
    ops = [c.add, c.add, c.bump]
    total = 0
    for i in range(n):
        s = shapes[i % 6]
        total = (total + s.score()) % 1000000007
        if i % 5 == 0:
            s.grow(1 if i % 10 == 0 else -1)
        c.add(i % 97)
        f = ops[i % 3]
        if i % 3 == 2:
            f()
        else:
            f(3)
    return total, c.get(), c.calls, [s.a for s in shapes]


def run_inline(n):
    value = 7
    calls = 0
    dims = [[3, 4, 0], [5, 2, 1], [6, 6, 2], [1, 9, 0], [7, 7, 1], [2, 2, 2]]
    total = 0
    for i in range(n):
        d = dims[i % 6]
        a = d[0]
        b = d[1]
        if d[2] == 1:
            sc = a * b + a + b + (a + b) * 3 // 4
        else:
            sc = 2 * a * b + 2 * (a + b)
        total = (total + sc) % 1000000007
        if i % 5 == 0:
            g = 1 if i % 10 == 0 else -1
            d[0] += g
            if d[2] == 2:
                d[1] += g
        calls += 1
        value = (value + i % 97) % 1000003
        calls += 1
        if i % 3 != 2:
            value = (value + 3) % 1000003
    return total, value, calls, [d[0] for d in dims]


def bench(n):
    got = run_methods(n)
    want = run_inline(n)
    if got != want:
        raise SystemExit(f"methods: method results {got} != inline results {want}")
    total, value, calls, dims = got
    return f"methods n={n} total={total} value={value} calls={calls} dims={dims}"


def main():
    size = int(sys.argv[1]) if len(sys.argv) > 1 else 1100000
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
            raise SystemExit(f"methods: iteration {it} gave {line!r}, the first gave {first!r}")
    print(first)


main()
