# User exception classes and hierarchies.
class AppError(Exception):
    pass
class NotFound(AppError):
    pass
class Invalid(AppError):
    def detail(self):
        return "invalid: " + str(self.args[0])
def lookup(db, k):
    if k not in db:
        raise NotFound(k)
    v = db[k]
    if v < 0:
        raise Invalid(v, "negative")
    return v
db = {"a": 1, "b": -2, "c": 3}
for k in ["a", "b", "c", "d"]:
    try:
        print(k, lookup(db, k))
    except Invalid as e:
        print(k, "Invalid", e.args, e.detail(), isinstance(e, AppError))
    except AppError as e:
        print(k, type(e).__name__, e, e.args)
counts = {}
for i in range(3000):
    try:
        if i % 3 == 0:
            raise NotFound(i)
        elif i % 3 == 1:
            raise Invalid(i)
        else:
            raise AppError("generic")
    except AppError as e:
        n = type(e).__name__
        counts[n] = counts.get(n, 0) + 1
print(sorted(counts.items()))
e = Invalid("x", 1)
print(str(e), repr(e), e.args, isinstance(e, Exception), isinstance(e, NotFound))
print(str(AppError()), repr(AppError()), str(AppError("one")), repr(NotFound("q")))
