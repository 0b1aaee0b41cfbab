class AppError(Exception):
    pass
class DBError(AppError):
    def __init__(self, code, msg="db"):
        super().__init__(msg)
        self.code = code
    def __str__(self):
        return f"DBError[{self.code}]"
def lookup(k):
    try:
        return {'a': 1}[k]
    except KeyError as e:
        raise DBError(404) from e
try:
    lookup('b')
except AppError as e:
    print(type(e).__name__, str(e), e.code, e.args, type(e.__cause__).__name__, e.__cause__.args, e.__suppress_context__)
try:
    try:
        1 / 0
    except ZeroDivisionError:
        raise ValueError("during")
except ValueError as e:
    print(repr(e), type(e.__context__).__name__, e.__cause__)
try:
    try:
        raise TypeError("a")
    except TypeError as e:
        raise RuntimeError("b") from None
except RuntimeError as e:
    print(e.__cause__, e.__suppress_context__, type(e.__context__).__name__)
def reraiser():
    try:
        raise IndexError("orig")
    except IndexError:
        raise
try:
    reraiser()
except IndexError as e:
    print("reraised", e)
class Multi(Exception):
    pass
e = Multi(1, "two", [3])
print(e.args, str(e), repr(e))
print(str(Exception()), repr(Exception()), str(Exception("x")), repr(Exception("x")), str(KeyError("x")), str(KeyError(1, 2)))
errs = []
for exc in [ValueError, TypeError, KeyError, IndexError, AttributeError, ZeroDivisionError, NameError]:
    try:
        raise exc("m")
    except (LookupError, ArithmeticError) as e:
        errs.append(("arith/lookup", type(e).__name__))
    except Exception as e:
        errs.append(("other", type(e).__name__))
print(errs)
print(issubclass(KeyError, LookupError), issubclass(ZeroDivisionError, ArithmeticError), issubclass(RecursionError, RuntimeError), issubclass(StopIteration, Exception), issubclass(KeyboardInterrupt, Exception))
try:
    raise DBError(500)
except DBError as e:
    e.extra = 1
    print(e.extra, e)
def f():
    try:
        raise ValueError(1)
    except ValueError as e:
        return e
err = f()
print(type(err).__name__, err.args)
try:
    raise Exception("outer") from ValueError("inner")
except Exception as e:
    print(e, "<-", e.__cause__)
