def f1():
    try:
        return 1
    finally:
        return 2
def f2():
    for i in range(10):
        try:
            if i == 3:
                break
        finally:
            if i == 3:
                print("fin", i)
    return i
def f3():
    out = []
    for i in range(6):
        try:
            if i % 2:
                continue
            out.append(i)
        finally:
            out.append(-i)
    return out
def f4():
    try:
        raise ValueError("x")
    finally:
        return "swallowed"
def f5():
    for i in range(3):
        try:
            raise KeyError(i)
        finally:
            continue
    return "done"
def f6():
    x = 0
    while True:
        try:
            x += 1
            if x > 5:
                return x
        finally:
            if x == 3:
                x = 10
def f7():
    try:
        try:
            return "inner"
        finally:
            print("inner finally")
    finally:
        print("outer finally")
def f8(n):
    r = []
    for i in range(n):
        try:
            try:
                if i % 3 == 0:
                    raise ValueError(i)
                r.append(i)
            except ValueError:
                r.append("v")
                if i % 2 == 0:
                    continue
            else:
                r.append("e")
            finally:
                r.append("f")
        finally:
            r.append("F")
    return r
print(f1(), f2(), f3(), f4(), f5(), f6())
print(f7())
print(f8(7))
tot = 0
for k in range(20000):
    try:
        if k % 1000 == 0:
            raise ValueError
        tot += 1
    except ValueError:
        tot -= 1
    finally:
        tot += 2
print(tot)
def ret_in_loop():
    for i in range(5):
        try:
            return i
        finally:
            if i < 3:
                continue
    return -1
print(ret_in_loop())
