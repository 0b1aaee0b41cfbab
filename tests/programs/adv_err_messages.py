class K:
    def m(self, a):
        return a
tests = [
    lambda: 1 + "a", lambda: "a" + 1, lambda: [1] + (1,), lambda: 1 < "a", lambda: [] < {}, lambda: -"a", lambda: ~1.5,
    lambda: len(5), lambda: int("x"), lambda: int(None), lambda: float("abc"), lambda: [1, 2][10], lambda: (1,)[5], lambda: "ab"[9],
    lambda: {}["k"], lambda: {}[(1, 2)], lambda: None.attr, lambda: (5).nope, lambda: K().nope, lambda: K.nope, lambda: K().m(),
    lambda: K().m(1, 2), lambda: K().m(a=1, b=2), lambda: abs(), lambda: abs(1, 2), lambda: len(), lambda: None(), lambda: 5(),
    lambda: "x"(), lambda: [][0], lambda: [].pop(), lambda: {}.pop(1), lambda: set().pop(), lambda: [1].remove(5), lambda: "abc".index("z"),
    lambda: 1 / 0, lambda: 1 // 0, lambda: 1 % 0, lambda: 1.0 / 0, lambda: 1.0 // 0.0, lambda: 2 ** -1 // 0, lambda: divmod(1.0, 0),
    lambda: int("12", 1), lambda: chr(-1), lambda: chr(0x110000), lambda: ord("ab"), lambda: ord(""), lambda: [1, 2, 3][1:2:0],
    lambda: "a" * "b", lambda: [1] * 1.5, lambda: 1 in 5, lambda: "a" in ["a"] in 5, lambda: hash([]), lambda: hash({}), lambda: {[]: 1},
    lambda: iter(5), lambda: next(iter([])), lambda: next(5), lambda: sum(["a", "b"]), lambda: sum([1], "s"), lambda: max(), lambda: min([]),
    lambda: range(1.5), lambda: range(1, 2, 0), lambda: list(5), lambda: tuple(None), lambda: dict(5), lambda: dict([1, 2]),
    lambda: "{} {}".format(1), lambda: "{x}".format(), lambda: "%d" % "s", lambda: "%s %s" % (1,), lambda: "%s" % (1, 2),
    lambda: round("x"), lambda: sorted(5), lambda: isinstance(1, 5), lambda: getattr(1, "x"), lambda: setattr(1, "x", 2),
    lambda: "abc".split(""), lambda: "x".join([1]), lambda: int(float("inf")), lambda: int(float("nan")), lambda: 10.0 ** 400,
    lambda: pow(0.0, -1), lambda: float(2**2000), lambda: [].index(1), lambda: (1, 2).index(3), lambda: "a".zfill("x"),
    lambda: K(1), lambda: object().x, lambda: type(5).x, lambda: str.nope, lambda: [1, 2].nope, lambda: {}.nope,
    lambda: print(sep=5), lambda: 1 << -1, lambda: 2 ** 0.5 < "x", lambda: {1} < [1], lambda: (lambda x: x)(),
    lambda: (lambda *, k: k)(), lambda: [x for x in 5], 
]
def f(*a):
    return a
for i, t in enumerate(tests):
    try:
        r = t()
        print(i, "no error", r)
    except Exception as e:
        print(i, type(e).__name__, e)
