# break/continue inside try/finally; return inside finally in a loop; finally counters.
count = 0
for i in range(1000):
    try:
        if i % 2:
            continue
        if i > 900:
            break
        count += 1
    finally:
        count += 1000
print("count", count)
def ret_in_finally(n):
    for i in range(n):
        try:
            if i == 3:
                raise ValueError("swallowed")
        finally:
            if i == 3:
                return "finally-return at %d" % i
    return "loop done"
print(ret_in_finally(10), ret_in_finally(2))
def finally_overrides():
    try:
        return 1
    finally:
        return 2
print(finally_overrides())
def loop_ret():
    total = 0
    for i in range(500):
        try:
            total += i
            if total > 10000:
                return total
        finally:
            total += 1
    return -1
print(loop_ret())
w = 0
i = 0
while True:
    i += 1
    try:
        if i % 3 == 0:
            continue
        if i >= 3000:
            break
        w += i
    finally:
        w -= 1
print("w", w, "i", i)
log = []
def nested(n):
    try:
        try:
            if n == 0:
                raise KeyError("k")
            return "inner ok"
        finally:
            log.append("inner finally %d" % n)
    except KeyError:
        return "outer caught"
    finally:
        log.append("outer finally %d" % n)
print(nested(0), nested(1))
print(log)
def exc_in_else():
    try:
        x = 1
    except Exception:
        return "except"
    else:
        return "else %d" % x
    finally:
        print("final of else")
print(exc_in_else())
