# __iter__ and __next__.
class Countdown:
    def __init__(self, n):
        self.n = n
    def __iter__(self):
        return self
    def __next__(self):
        if self.n <= 0:
            raise StopIteration
        self.n -= 1
        return self.n + 1
print(list(Countdown(5)))
for x in Countdown(3):
    print("x", x)
class Range2:
    def __init__(self, lo, hi):
        self.lo = lo
        self.hi = hi
    def __iter__(self):
        return RangeIter(self.lo, self.hi)
class RangeIter:
    def __init__(self, cur, hi):
        self.cur = cur
        self.hi = hi
    def __iter__(self):
        return self
    def __next__(self):
        if self.cur >= self.hi:
            raise StopIteration
        v = self.cur
        self.cur += 1
        return v
r = Range2(0, 5000)
print(sum(r), sum(r), max(r), len(list(r)))
print([a * b for a, b in zip(Range2(0, 4), Countdown(4))])
it = iter(Countdown(2))
print(next(it), next(it), next(it, "done"))
total = 0
for i in range(300):
    for v in Range2(0, i % 20):
        total += v
print("total", total)
print(sorted(Countdown(6)), 3 in Countdown(5), 9 in Range2(0, 5))
