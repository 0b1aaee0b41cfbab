class E1(Exception): pass
class E2(E1): pass
class E3(E2):
    def __str__(self):
        return "E3!"
res = []
for i in range(3000):
    try:
        try:
            if i % 4 == 0:
                raise E3(i)
            elif i % 4 == 1:
                raise E2(i)
            elif i % 4 == 2:
                raise E1(i)
        except E2 as e:
            res.append(("E2", type(e).__name__))
            if i % 8 == 0:
                raise
        except (E1, KeyError) as e:
            res.append(("E1", str(e)))
    except E3 as e:
        res.append(("outer", str(e)))
print(len(res), res[:8])
def exc_info_check():
    import sys
    try:
        raise ValueError("v")
    except ValueError:
        t, v, tb = sys.exc_info()
        return t.__name__, str(v)
print(exc_info_check())
e = ValueError("a", 1, [2])
print(e.args, str(e), repr(e))
print(repr(ValueError()), str(ValueError()), repr(KeyError("k")), str(KeyError("k")), str(KeyError()), str(KeyError(1, 2)))
print(repr(Exception("x")), repr(StopIteration(5)), StopIteration(5).value, repr(SystemExit(2)))
class WithAttrs(Exception):
    def __init__(self, msg, code):
        super().__init__(msg)
        self.code = code
try:
    raise WithAttrs("m", 7)
except Exception as ex:
    print(ex.code, ex.args, ex)
try:
    raise TypeError
except TypeError as te:
    print(repr(te), te.args)
def raiser(kind):
    raise kind("boom")
for k in (ValueError, TypeError, ZeroDivisionError, OverflowError, AttributeError, LookupError):
    try:
        raiser(k)
    except ArithmeticError as a:
        print("arith", type(a).__name__)
    except LookupError as a:
        print("lookup", type(a).__name__)
    except Exception as a:
        print("other", type(a).__name__, a)
print(issubclass(KeyError, LookupError), issubclass(ZeroDivisionError, ArithmeticError), issubclass(RecursionError, RuntimeError), issubclass(NotImplementedError, RuntimeError))
print(issubclass(UnboundLocalError, NameError), issubclass(IndexError, Exception), issubclass(StopIteration, Exception), issubclass(KeyboardInterrupt, Exception), issubclass(GeneratorExit, BaseException))
try:
    raise ValueError("x") from KeyError("y")
except ValueError as ve:
    print(repr(ve.__cause__), ve.__suppress_context__)
stored = None
for i in range(3):
    try:
        raise RuntimeError("iter %d" % i)
    except RuntimeError as err:
        stored = err
print(stored)
try:
    raise stored
except RuntimeError as again:
    print("again", again)
try:
    raise 5
except TypeError as bad:
    print(bad)
def nested_finally():
    try:
        try:
            raise ValueError("first")
        finally:
            raise KeyError("second")
    except KeyError as k:
        return repr(k), repr(k.__context__)
print(nested_finally())
try:
    try:
        1/0
    except ZeroDivisionError:
        undefined_name_xyz
except NameError as ne:
    print(ne, type(ne.__context__).__name__)
