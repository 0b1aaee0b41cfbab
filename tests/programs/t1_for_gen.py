# `for` over a generator resumes the generator as a frame of the running loop (FOR_ITER's
# inline path): yields, returns, exceptions in both directions, StopIteration inside the
# generator, re-entry, early exit and later resumption, and recursion through generators.
import sys


def count(n):
    i = 0
    while i < n:
        yield i
        i += 1
    return "done"


total = 0
for k in range(40):
    for v in count(k):
        total += v
print("sum", total)


# Recursive generators (each level is a frame of the same loop).
def perms(items):
    if len(items) <= 1:
        yield items[:]
        return
    for i in range(len(items)):
        rest = items[:i] + items[i + 1:]
        for p in perms(rest):
            p.insert(0, items[i])
            yield p


print("perms", len(list(perms([1, 2, 3, 4]))), sum(p[0] * p[3] for p in perms([1, 2, 3, 4, 5])))


# An exception raised in the generator propagates through the for loop.
def failing(n):
    for i in range(n):
        if i == 3:
            raise ValueError("boom at %d" % i)
        yield i


try:
    for v in failing(10):
        pass
except ValueError as e:
    print("caught", e)


# StopIteration escaping a generator becomes RuntimeError.
def leaks():
    yield 1
    raise StopIteration("leaked")


try:
    for v in leaks():
        print("got", v)
except RuntimeError as e:
    print("RuntimeError:", e)


# Break, then resume the same generator by hand and by another loop.
g = count(10)
for v in g:
    if v == 4:
        break
print("after break", next(g), next(g))
print("rest", [v for v in g])
print("exhausted again", list(g))


# The generator running the loop body cannot be re-entered.
def reenter():
    yield 1
    try:
        next(me)
    except ValueError as e:
        print("reenter:", e)
    yield 2


me = reenter()
print("reenter values", [v for v in me])


# An exception raised in the loop body while the generator is suspended; then close it.
def guarded():
    try:
        yield 1
        yield 2
    finally:
        print("guarded finally")


gd = guarded()
try:
    for v in gd:
        raise KeyError(v)
except KeyError as e:
    print("body raised", e)
gd.close()
print("closed")


# A generator that catches an exception thrown by its own code, and a try/finally on return.
def tidy(n):
    try:
        for i in range(n):
            try:
                if i == 1:
                    {}["missing"]
                yield i
            except KeyError:
                yield -1
    finally:
        print("tidy finally")


print("tidy", list(tidy(3)), [v for v in tidy(3)])


# Generators nested in expressions and in a class method.
class Tree:
    def __init__(self, v, kids=()):
        self.v = v
        self.kids = kids

    def walk(self):
        yield self.v
        for k in self.kids:
            yield from k.walk()

    def walk_for(self):
        yield self.v
        for k in self.kids:
            for v in k.walk_for():
                yield v


t = Tree(1, (Tree(2, (Tree(3),)), Tree(4, (Tree(5), Tree(6)))))
print("walk", list(t.walk()), [v for v in t.walk_for()])


# Deep recursion through generators raises RecursionError, and the loop recovers.
def deep(n):
    if n == 0:
        yield 0
        return
    for v in deep(n - 1):
        yield v + 1


sys.setrecursionlimit(200)
try:
    for v in deep(500):
        pass
    print("no error")
except RecursionError:
    print("RecursionError")
print("shallow", [v for v in deep(50)])
