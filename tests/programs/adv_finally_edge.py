def f1():
    for i in range(3):
        try:
            raise ValueError(i)
        finally:
            if i == 1:
                break
    return "f1 done " + str(i)
print(f1())
def f2():
    for i in range(3):
        try:
            raise ValueError(i)
        except ValueError:
            continue
        finally:
            print("f2 fin", i)
    return i
print(f2())
def f3():
    try:
        try:
            raise KeyError("a")
        finally:
            raise ValueError("b")
    except ValueError as e:
        return (str(e), type(e.__context__).__name__)
print(f3())
def f4():
    x = 0
    while True:
        try:
            x += 1
            if x < 3:
                continue
            return x
        finally:
            x += 100
print(f4())
def f5():
    try:
        return "try"
    finally:
        print("f5 fin")
print(f5())
def f6(n):
    out = []
    for i in range(n):
        try:
            try:
                if i % 2:
                    raise IndexError
                out.append("ok")
            except IndexError:
                out.append("idx")
                if i == 3:
                    return out
            finally:
                out.append("f")
        finally:
            out.append("F")
    return out
print(f6(2), f6(5))
def f7():
    try:
        1 / 0
    except ZeroDivisionError:
        try:
            raise
        except ZeroDivisionError as e:
            return "re " + str(e)
print(f7())
def f8():
    r = []
    for i in range(3):
        for j in range(3):
            try:
                if j == 1:
                    break
                r.append((i, j))
            finally:
                r.append("fin")
    return r
print(f8())
def f9():
    try:
        pass
    except Exception:
        print("no")
    else:
        return "else ret"
    finally:
        print("f9 fin")
print(f9())
def f10():
    i = 0
    try:
        while i < 1000000:
            i += 1
            if i == 50000:
                raise StopIteration("manual")
    except StopIteration as e:
        return i, e.args
print(f10())
exc_count = 0
for i in range(2000):
    try:
        try:
            if i % 2:
                raise ValueError
        finally:
            exc_count += 1
    except ValueError:
        exc_count += 10
print(exc_count)
def f11():
    try:
        raise ValueError("x")
    except ValueError as e:
        err = e
    try:
        e
    except NameError:
        return "e cleared", err.args
print(f11())
