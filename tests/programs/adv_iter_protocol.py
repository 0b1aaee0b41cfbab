class Countdown:
    def __init__(self, start):
        self.start = start
    def __iter__(self):
        n = self.start
        while n > 0:
            yield n
            n -= 1
c = Countdown(5)
print(list(c), list(c), sum(c), max(c), sorted(c), 3 in c, 9 in c)
print(list(zip(c, "abcdefg")), list(enumerate(c)), dict(zip(c, c)))
it = iter([1, 2, 3])
print(next(it), list(it), next(it, None))
it2 = iter(range(5))
for x in it2:
    if x == 2:
        break
print(list(it2))
class Fib:
    def __init__(self, limit):
        self.a, self.b, self.limit = 0, 1, limit
    def __iter__(self):
        return self
    def __next__(self):
        if self.a > self.limit:
            raise StopIteration
        r = self.a
        self.a, self.b = self.b, self.a + self.b
        return r
print(list(Fib(100)), sum(Fib(10**20)))
f = Fib(5)
print([x for x in f], [x for x in f])
a, b, *c = Fib(50)
print(a, b, c)
print(list(map(str, Fib(20))), "-".join(map(str, Countdown(4))))
m = map(lambda x: x * 2, [1, 2, 3])
print(next(m), list(m), list(m))
z = zip([1, 2], [3, 4])
print(list(z), list(z))
r = reversed([1, 2, 3])
print(next(r), list(r))
e = enumerate("ab")
print(next(e), next(e), next(e, "done"))
print(list(iter(lambda: 1, 1)))
cnt = [0]
def tick():
    cnt[0] += 1
    return cnt[0]
print(list(iter(tick, 5)))
print(sum(range(0, 100, 7)), list(range(10, 0, -3)), range(5)[2], range(1, 10, 2)[-1], len(range(0, 100, 3)), 5 in range(10), range(3) == range(3))
print(list(range(5))[::-1], range(0, 10, 2)[1:3], list(range(-5)), list(range(5, 0)))
