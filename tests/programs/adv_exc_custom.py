class NoSuper(Exception):
    def __init__(self, a, b):
        self.a = a
        self.b = b
e = NoSuper(1, 2)
print(e.args, str(e), repr(e), e.a)
class WithStr(Exception):
    def __str__(self):
        return "custom:" + ",".join(map(str, self.args))
w = WithStr(1, "x")
print(str(w), repr(w), w.args, f"{w}", "%s" % w)
class Base(Exception):
    code = 1
class Child(Base):
    code = 2
class GrandChild(Child):
    pass
for cls in [Base, Child, GrandChild]:
    try:
        raise cls("msg")
    except GrandChild as ex:
        print("gc", ex.code)
    except Child as ex:
        print("child", ex.code, ex)
    except Base as ex:
        print("base", ex.code, ex.args)
try:
    raise 42
except TypeError as ex:
    print("TypeError", ex)
try:
    raise NoSuper
except TypeError as ex:
    print("TypeError", ex)
try:
    try:
        raise SystemExit(3)
    except Exception:
        print("should not catch")
except BaseException as ex:
    print("BaseException", type(ex).__name__, ex.code, ex.args)
e2 = ValueError("a", "b")
e2.args = ("changed",)
print(str(e2), e2.args)
print(str(ValueError(None)), str(ValueError([1, 2])), str(ValueError("")), repr(ValueError("", 1)))
print(repr(KeyError()), str(KeyError("")), str(KeyError(None)), repr(IndexError(3)), str(StopIteration(5)), StopIteration(5).value)
def thrower(kind):
    if kind == 0:
        raise ValueError("v")
    if kind == 1:
        raise TypeError("t")
    return "fine"
results = []
for k in range(3):
    try:
        results.append(thrower(k))
    except (ValueError, TypeError) as ex:
        results.append(type(ex).__name__ + ":" + str(ex))
print(results)
excs = (KeyError, IndexError)
try:
    [][0]
except excs as ex:
    print("caught via tuple var", type(ex).__name__)
class Boom(Exception):
    pass
def nested_raise(n):
    if n == 0:
        raise Boom("bottom")
    try:
        nested_raise(n - 1)
    except Boom as b:
        raise Boom(f"level{n}") from b
try:
    nested_raise(3)
except Boom as b:
    chain = []
    cur = b
    while cur is not None:
        chain.append(str(cur))
        cur = cur.__cause__
    print(chain)
print(isinstance(Boom(), Exception), issubclass(Boom, BaseException), Boom.__name__, Boom.__bases__[0].__name__)
try:
    raise ValueError("x").with_traceback(None)
except ValueError as ex:
    print("with_traceback ok", ex)
err = None
try:
    assert False
except AssertionError as ex:
    err = ex
print(repr(err), err.args)
try:
    assert 1 == 2, ("tuple", 1)
except AssertionError as ex:
    print(ex.args)
