class MyErr(Exception):
    pass
class Sub(MyErr):
    def __init__(self, v):
        super().__init__("sub", v)
        self.v = v
cnt = {'my': 0, 'sub': 0, 'zero': 0, 'key': 0}
for i in range(5000):
    try:
        if i % 5 == 0:
            raise Sub(i)
        elif i % 5 == 1:
            raise MyErr(i)
        elif i % 5 == 2:
            1 // (i - i)
        elif i % 5 == 3:
            {}[i]
    except Sub as e:
        cnt['sub'] += e.v
    except MyErr as e:
        cnt['my'] += e.args[0]
    except ZeroDivisionError:
        cnt['zero'] += 1
    except KeyError as e:
        cnt['key'] += e.args[0]
print(cnt)
try:
    raise Sub(3)
except Exception as e:
    print(e.args, str(e), repr(e), type(e).__name__, isinstance(e, (KeyError, MyErr)))
try:
    raise ValueError
except ValueError as e:
    print(repr(e), e.args, str(e) == '')
try:
    raise KeyError('k')
except LookupError as e:
    print(str(e), repr(e))
e = None
try:
    int('abc')
except ValueError as err:
    e = err
print(e)
try:
    [1, 2][5]
except IndexError as e2:
    print(e2)
try:
    print(e2)
except NameError as n:
    print("NameError", n)
