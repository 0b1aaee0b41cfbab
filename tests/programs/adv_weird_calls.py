class A:
    def m(self):
        return "A.m on " + type(self).__name__
class B:
    pass
tests = [
    lambda: str.upper(5), lambda: A.m(B()), lambda: A.m(), 
    lambda: type(5)("7"), lambda: type("s")(5), lambda: type([])("ab"), lambda: type(A())().m(), lambda: object(),
    lambda: list.__name__, lambda: int("5", base=10), lambda: sorted([], key=5),
    lambda: sorted([1, 2], key=5), lambda: map(5, [1]), lambda: list(map(5, [1])), lambda: list(filter(5, [1])), lambda: min(1, 2, key=5),
    lambda: isinstance(1, (int, (float, str))), lambda: issubclass(5, int), lambda: getattr(A, "m")(A()), lambda: getattr(A(), 5),
    lambda: setattr(A(), "x", 1), lambda: delattr(A(), "nope"), lambda: vars(5), lambda: len(A()), lambda: A() + 1, lambda: A()[0],
    lambda: A()(), lambda: iter(A()), lambda: next(A()), lambda: reversed(A()), lambda: abs(A()), lambda: -A(), lambda: A() < A(),
lambda: int(A()), lambda: float(A()), lambda: str(A()).startswith("<"), lambda: bool(A()),
    lambda: [].sort(5), lambda: "x".center(), lambda: "ab".strip(5),
    lambda: range("a"), lambda: range(1, 2, 3, 4), lambda: print(end=5), lambda: list(zip(5)), lambda: enumerate(5), lambda: divmod("a", 1),
    lambda: pow(2, 3, 0), lambda: pow(2.0, 3, 5), lambda: pow(2, -1, 4), lambda: round(1.5, "x"), lambda: chr("a"), lambda: ord(5),
    lambda: hex(1.5), lambda: bin("1"), lambda: int("1", 99), lambda: int(1.5, 10), lambda: float([]), lambda: tuple(5), lambda: set(5),
    lambda: frozenset(5), lambda: {}.update(5), lambda: {}.fromkeys(5), lambda: [].extend(5), lambda: [].insert("a", 1),
    lambda: [1, 2][1.0], lambda: [1, 2]["a"], lambda: {}[[]], lambda: (1, 2)[1:2:0], lambda: [1][::0],
]
for i, t in enumerate(tests):
    try:
        r = t()
        print(i, "ok", r if not callable(r) and "object at" not in repr(r) else type(r).__name__)
    except Exception as e:
        print(i, type(e).__name__, e)
