"""A small program covering the main constructs."""
import math
from collections import deque as dq


def fib(n, memo=None):
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)


def counter(start=0):
    count = start

    def inc(step=1):
        nonlocal count
        count += step
        return count

    return inc


class Point(Base):
    dims = 2

    def __init__(self, x, y):
        self.x = x
        self.y = y

    def norm(self):
        return math.sqrt(self.x ** 2 + self.y ** 2)

    def __repr__(self):
        return f"Point({self.x!r}, {self.y:.2f})"


def gen(xs):
    for x in xs:
        if x is None:
            continue
        yield x * 2


def safe_div(a, b):
    try:
        return a / b
    except ZeroDivisionError as e:
        print("error:", e)
        return None
    finally:
        print("done")


total = 0
for i in range(10):
    if i % 2 == 0 and i > 2:
        total += i
    elif i == 7:
        break
else:
    total = -1

squares = [x * x for x in range(5) if x]
pairs = {k: v for k, v in zip("ab", (1, 2))}
a, *rest = [1, 2, 3]
print(fib(10), counter()(), Point(3, 4).norm(), list(gen([1, None, 2])), *rest, sep=", ")
assert total >= 0, "negative"
