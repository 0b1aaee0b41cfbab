# repr() and type().
print(repr(1), repr("a"), repr("it's"), repr('say "hi"'), repr("both ' and \""), repr("tab\there"), repr("nl\n"))
print(repr([1, "a", 2.5, None, True]), repr((1,)), repr(()), repr({"k": (1, 2)}), repr({1, 2}))
print(repr(0.1), repr(1e16), repr(-0.0), repr(float("inf")), repr(2 ** 64), repr(""), repr("\\"))
print(repr([[], [[]], {}]), repr({"a": {"b": {"c": []}}}), repr(set()))
print(repr("é日"), repr("\x00\x7f"))
print(type(1).__name__, type(1.0).__name__, type("").__name__, type([]).__name__, type(()).__name__)
print(type({}).__name__, type(set()).__name__, type(None).__name__, type(True).__name__, type(range(1)).__name__)
def f():
    pass
class K:
    pass
print(type(f).__name__, type(K()).__name__, type(K).__name__, type(len).__name__, type(lambda: 0).__name__)
print(type(1) == type(2), type(1) == type(1.0), type(type(1)).__name__)
total = 0
for i in range(2000):
    total += len(repr(i * 1.5)) + len(repr(str(i)))
print("total", total)
print(repr(repr("x")), str(repr("x")), repr(str("x")))
