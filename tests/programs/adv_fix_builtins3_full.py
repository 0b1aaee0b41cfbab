print(list(enumerate("ab", -5)), list(enumerate("ab", 2**64)), list(zip("ab", "xyz", strict=False)))
try:
    list(zip("ab", "xyz", strict=True))
except ValueError as e:
    print("ValueError", e)
print(list(map(lambda a, b, c: a + b + c, [1, 2, 3], [10, 20], [100, 200, 300])), sum([1e100, 1.0, -1e100]), sum([0.1] * 3), sum(range(5), start=10))
print(round(1.5, 100), round(1.5, -100), round(12345.6789, 3), round(-0.0, 1), round(1e-10, 5), abs(True), abs(-0.0), abs(-2**100))
try:
    sorted([(1, None), (1, 2)])
except TypeError as e:
    print("TypeError", e)
try:
    max(1, 2, default=0)
except TypeError as e:
    print("TypeError", e)
print(max([3, 1], default=9), max((), default=None), min([], key=len, default="d"), max("a", "bb", "c", key=len), max([1, 3, 3.0], key=lambda v: v))
print(sorted([0.5, 1, -2, True, 2**65, -1.5e3]), sorted(["B", "a", "C"], key=str.casefold), sorted([[3, 1], [2], [3, 0, 1]], key=sum))
print(list(reversed(range(-5, 5, 3))), list(reversed(list(range(3)))), list(reversed((1, 2))), "".join(reversed("hello")))
print(divmod(2**64, 2**32 + 1), divmod(-1.5, 0.5), pow(10, 20), pow(10, -2), pow(-1, 0.5) if False else "", pow(7, 2, -5), pow(2**100, 2**10, 10**9))
print(isinstance(True, (str, (bool,))), callable(type), callable(None), all(map(callable, [len, print, int, lambda: 0])))
print(any(x > 3 for x in [1, 5, "never evaluated?"][:2]), all([[], [1]]), any([[], [1]]), all(()), any(()))
print(list(filter(lambda x: x, [0, "", None, 1, [], [0], 0.0, "0"])), list(map(len, ["", "ab", [1, 2, 3]])))
print(dict(enumerate("abc")), dict(zip("ab", [[1], [2]])), list(zip(*[(1, "a"), (2, "b"), (3, "c")])))
print(min(2, 1.0, 1), max(-0.0, 0), max(0, -0.0), min(0.0, -0.0), sorted([-0.0, 0, 0.0, -0]), [type(x).__name__ for x in sorted([1.0, 1, True])])
print(hash(0.0) == hash(-0.0) == hash(0), len(set([0, 0.0, -0.0, False])), {0: "a", 0.0: "b", False: "c"})
print(int.__name__, float.__name__, type(abs).__name__, type([].append).__name__, type(int).__name__, type(type).__name__)
print(str(range(0, 10, 2)), repr(range(5)), repr(range(-1, 1)), range(0, 10, 3)[-1], range(5)[1:3], range(10)[::-2], len(range(10, 0, -3)))
print(range(0, 10, 2).index(4), range(0, 10, 2).count(3), 4 in range(0, 10, 2), 3 in range(0, 10, 2), range(2) == range(0, 2), range(0) == range(5, 5))
