# The shipped dataclasses module: @dataclass with defaults, field(), order, frozen, hashing,
# __post_init__, asdict/astuple/replace, CPython's error messages, deepcopy of an instance.
from dataclasses import dataclass, field, fields, asdict, astuple, replace, is_dataclass, FrozenInstanceError
import copy

@dataclass
class A:
    string: str
    lst: list
    boolean: bool = True

@dataclass(order=True, frozen=True)
class P:
    x: int
    y: int = 0
    tags: tuple = field(default=(), compare=False)

@dataclass
class Node:
    name: str
    children: list = field(default_factory=list)
    count: int = field(default=0, repr=False)
    def __post_init__(self):
        self.count = len(self.children)

a = A("hi", [1, 2])
print(a, a == A("hi", [1, 2]), a == A("hi", [1]), a.boolean, [f.name for f in fields(A)])
print(P(1, 2) < P(1, 3), P(2) > P(1, 9), P(1, 2) == P(1, 2, ("x",)), hash(P(1, 2)) == hash(P(1, 2)), sorted([P(3), P(1, 5), P(1, 2)]))
try:
    P(1).x = 5
except FrozenInstanceError as e:
    print("FrozenInstanceError", e)
n = Node("root", [Node("a"), Node("b", [Node("c")])])
print(n, n.count, asdict(n), astuple(P(1, 2)))
print(replace(a, string="new"), is_dataclass(a), is_dataclass(A), is_dataclass(5), A.__match_args__)
for args, kw in [((), {}), (("s",), {}), (("s", [], True, 4), {}), (("s", []), {"bogus": 1}), (("s", []), {"string": "t"})]:
    try:
        A(*args, **kw)
    except TypeError as e:
        print("TypeError", e)
try:
    @dataclass
    class Bad:
        x: list = []
except ValueError as e:
    print("ValueError", e)
try:
    @dataclass
    class Bad2:
        x: int = 1
        y: int
except TypeError as e:
    print("TypeError", e)
try:
    hash(a)
except TypeError as e:
    print("TypeError", e)
dc = copy.deepcopy(a)
print(dc, dc == a, dc.lst is a.lst)
total = 0
for i in range(2000):
    p = P(i, i + 1)
    total += p.x + p.y + (P(i) < p)
print(total)


# Methods written in the class body win over the generated ones.
@dataclass(order=True)
class Custom:
    x: int

    def __repr__(self):
        return "custom(%d)" % self.x

    def __eq__(self, other):
        return isinstance(other, Custom) and self.x % 10 == other.x % 10


print(repr(Custom(3)), Custom(3) == Custom(13), Custom(1) < Custom(2))
try:
    @dataclass(order=True)
    class Clash:
        x: int

        def __lt__(self, other):
            return True
except TypeError as e:
    print("TypeError:", e)
