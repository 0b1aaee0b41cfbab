import sys
def rgen(n):
    if n > 0:
        yield from rgen(n - 1)
    yield n
print(sum(rgen(400)))
def too_deep(n):
    yield from too_deep(n + 1)
    yield n
try:
    for v in too_deep(0):
        pass
except RecursionError:
    print("RecursionError in gen")
class Rep:
    def __repr__(self):
        return repr(self)
try:
    repr(Rep())
except RecursionError:
    print("RecursionError in repr")
def rec_key(x):
    return rec_key(x)
try:
    sorted([1, 2], key=rec_key)
except RecursionError:
    print("RecursionError in key")
def f(n):
    return f(n + 1)
for trial in range(3):
    try:
        f(0)
    except RecursionError:
        print("trial", trial)
def depth():
    try:
        return 1 + depth()
    except RecursionError:
        return 1
d1 = depth()
print(d1 > 500, d1 <= 1000)
sys.setrecursionlimit(2000)
d2 = depth()
print(d2 > d1, d2 <= 2000)
def count_down(n):
    if n == 0:
        return "done"
    return count_down(n - 1)
print(count_down(1900))
class Tree:
    def __init__(self, d):
        self.kids = [Tree(d - 1), Tree(d - 1)] if d else []
    def size(self):
        return 1 + sum(k.size() for k in self.kids)
print(Tree(10).size())
