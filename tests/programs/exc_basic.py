# try/except/else/finally basics and builtin exception messages.
def attempt(f):
    try:
        r = f()
    except ZeroDivisionError as e:
        print("ZeroDivisionError:", e)
    except (KeyError, IndexError) as e:
        print(type(e).__name__ + ":", e)
    except TypeError as e:
        print("TypeError:", e)
    except Exception as e:
        print("other", type(e).__name__, e)
    else:
        print("ok", r)
    finally:
        print("finally")
attempt(lambda: 1 / 0)
attempt(lambda: 1 // 0)
attempt(lambda: 1 % 0)
attempt(lambda: 1.0 / 0)
attempt(lambda: {}["k"])
attempt(lambda: [][0])
attempt(lambda: "abc"[10])
attempt(lambda: (1, 2)[5])
attempt(lambda: 1 + "a")
attempt(lambda: "a" + 1)
attempt(lambda: [] + ())
attempt(lambda: len(5))
attempt(lambda: int("x"))
attempt(lambda: undefined_name_qq)
attempt(lambda: 42)
attempt(lambda: None.attr)
attempt(lambda: 5 < "a")
attempt(lambda: 2 ** 0.5)
attempt(lambda: [1, 2].index(3))
attempt(lambda: "x" * "y")
attempt(lambda: None + 1)
attempt(lambda: {}.missing_method())
one = 1
attempt(lambda: one(2))
try:
    raise ValueError("custom", 42)
except ValueError as e:
    print(e.args, e, repr(e))
try:
    raise KeyError("k")
except LookupError as e:
    print("LookupError caught", type(e).__name__, e, e.args)
try:
    raise RuntimeError
except RuntimeError as e:
    print("bare class raised", repr(e), e.args)
try:
    try:
        1 / 0
    except ZeroDivisionError:
        raise
except ZeroDivisionError as e:
    print("re-raised", e)
def f():
    try:
        return "try"
    finally:
        print("finally before return")
print(f())
