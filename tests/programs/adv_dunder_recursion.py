class Node:
    def __init__(self, child):
        self.child = child
    def __repr__(self):
        return "N(" + repr(self.child) + ")"
    def __eq__(self, o):
        return isinstance(o, Node) and self.child == o.child
    def __hash__(self):
        return 1 if self.child is None else hash(self.child) + 1
n = None
for i in range(50):
    n = Node(n)
print(repr(n)[:30], n == n, hash(n))
deep = None
for i in range(5000):
    deep = Node(deep)
for name, fn in [("repr", repr), ("eq", lambda x: x == x), ("hash", hash), ("str", str)]:
    try:
        fn(deep)
        print(name, "ok")
    except RecursionError:
        print(name, "RecursionError")
class Bad:
    def __getattr__(self, name):
        return self.missing
try:
    Bad().x
except RecursionError:
    print("getattr RecursionError")
class Prop:
    @property
    def x(self):
        return self.x
try:
    Prop().x
except RecursionError:
    print("property RecursionError")
class Len:
    def __len__(self):
        return len(self)
try:
    len(Len())
except RecursionError:
    print("len RecursionError")
class Cmp:
    def __lt__(self, o):
        return o > self
    def __gt__(self, o):
        return o < self
try:
    Cmp() < Cmp()
except RecursionError:
    print("cmp RecursionError")
class Add:
    def __add__(self, o):
        return self + o
try:
    Add() + 1
except RecursionError:
    print("add RecursionError")
class It:
    def __iter__(self):
        return iter(self)
try:
    iter(It())
except RecursionError:
    print("iter RecursionError")
class B:
    def __bool__(self):
        return not self
try:
    bool(B())
except RecursionError:
    print("bool RecursionError")
class Init:
    def __init__(self):
        Init()
try:
    Init()
except RecursionError:
    print("init RecursionError")
class Call:
    def __call__(self):
        return self()
try:
    Call()()
except RecursionError:
    print("call RecursionError")
class St:
    def __str__(self):
        return f"{self}"
try:
    str(St())
except RecursionError:
    print("str RecursionError")
def g(n):
    yield from g(n + 1)
try:
    next(g(0))
except RecursionError:
    print("gen RecursionError")
class Srt:
    def __lt__(self, o):
        return sorted([self, o])[0] is self
try:
    sorted([Srt(), Srt()])
except RecursionError:
    print("sorted RecursionError")
print("survived")
