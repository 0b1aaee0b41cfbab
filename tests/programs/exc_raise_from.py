# raise X from Y, __cause__, implicit context, exceptions crossing calls.
class ParseError(Exception):
    pass
def parse(s):
    try:
        return int(s)
    except ValueError as e:
        raise ParseError("cannot parse " + repr(s)) from e
for s in ["12", "x1", "7"]:
    try:
        print("parsed", parse(s))
    except ParseError as e:
        print("ParseError:", e, "| cause:", type(e.__cause__).__name__, e.__cause__)
try:
    try:
        {}["a"]
    except KeyError:
        raise ValueError("during handling")
except ValueError as e:
    print("context:", type(e.__context__).__name__, e.__context__, e.__cause__)
try:
    raise TypeError("no cause") from None
except TypeError as e:
    print("from None:", e.__cause__)
def level3(n):
    if n % 4 == 0:
        raise ValueError("level3 %d" % n)
    return n
def level2(n):
    return level3(n) * 2
def level1(n):
    try:
        return level2(n)
    except ValueError as e:
        raise RuntimeError("level1") from e
ok = fail = 0
for i in range(2000):
    try:
        level1(i)
        ok += 1
    except RuntimeError as e:
        fail += 1
        last = e
print(ok, fail, last, last.__cause__)
