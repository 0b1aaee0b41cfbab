class MyErr(Exception):
    def __init__(self, code):
        super().__init__("code %d" % code)
        self.code = code
def lvl(n, code):
    if n == 0:
        if code % 3 == 0:
            raise MyErr(code)
        if code % 3 == 1:
            raise ValueError(code)
        return code
    return lvl(n - 1, code)
caught = {"MyErr": 0, "ValueError": 0, "ok": 0}
codes = 0
for i in range(3000):
    try:
        lvl(20, i)
        caught["ok"] += 1
    except MyErr as e:
        caught["MyErr"] += 1
        codes += e.code
    except ValueError as e:
        caught["ValueError"] += 1
        codes -= e.args[0]
print(caught, codes)
saved = []
for i in range(5):
    try:
        try:
            1 / (i % 2)
        except ZeroDivisionError as z:
            raise KeyError(i) from z
    except KeyError as k:
        saved.append(k)
print(len(saved), repr(saved[1]), type(saved[1].__cause__).__name__, saved[1].__suppress_context__)
try:
    raise saved[1]
except KeyError as e:
    print("reraised", e, e is saved[1])
def ctx():
    try:
        raise TypeError("inner")
    except TypeError:
        raise RuntimeError("outer")
try:
    ctx()
except RuntimeError as e:
    print(repr(e), repr(e.__context__), e.__cause__)
try:
    try:
        raise ValueError("a")
    except ValueError as e:
        raise IndexError("b") from None
except IndexError as e:
    print(e.__suppress_context__, e.__cause__, repr(e.__context__))
def gen_err():
    for i in range(10):
        try:
            if i % 2:
                raise ValueError(i)
            yield i
        except ValueError as e:
            yield -e.args[0]
print(list(gen_err()))
errs = []
for i in range(1000):
    try:
        [][i]
    except IndexError as e:
        errs.append(str(e))
    try:
        {}[i]
    except KeyError as e:
        errs.append(str(e))
    try:
        int("x%d" % i)
    except ValueError as e:
        errs.append(str(e))
print(errs[:3], errs[-3:], len(errs))
e = None
try:
    raise ValueError("gone")
except ValueError as e:
    pass
try:
    print(e)
except NameError as ne:
    print("NameError:", ne)
