def f(n):
    try:
        if n == 0:
            return "zero"
        if n == 1:
            raise ValueError("one")
        return "other"
    finally:
        print("finally", n)
print(f(0), f(2))
try:
    f(1)
except ValueError as e:
    print("caught", e)
def g():
    try:
        return 1
    finally:
        return 2
print(g())
def h():
    for i in range(5):
        try:
            if i == 1:
                continue
            if i == 3:
                break
            print("body", i)
        finally:
            print("fin", i)
    return i
print(h())
def k():
    r = []
    for i in range(3):
        try:
            try:
                raise KeyError(i)
            finally:
                r.append("inner" + str(i))
        except KeyError as e:
            r.append(e.args[0])
        else:
            r.append("else")
        finally:
            r.append("outer")
    return r
print(k())
def w():
    i = 0
    while True:
        i += 1
        try:
            if i > 4:
                return i
        finally:
            if i == 5:
                print("leaving at", i)
print(w())
def swallow():
    try:
        raise RuntimeError("x")
    finally:
        return "swallowed"
print(swallow())
def nested_fin():
    out = []
    try:
        try:
            out.append(1)
            return out
        finally:
            out.append(2)
    finally:
        out.append(3)
print(nested_fin())
total = 0
for i in range(10000):
    try:
        if i % 3 == 0:
            continue
        total += i
    finally:
        total += 1
print(total)
