# Exceptions raised and caught inside hot loops.
caught = 0
total = 0
for i in range(10000):
    try:
        if i % 7 == 0:
            raise ValueError(i)
        total += i
    except ValueError as e:
        caught += 1
        total -= e.args[0]
print("caught", caught, "total", total)
def risky(i):
    if i % 11 == 0:
        return 10 // (i % 2)
    if i % 13 == 0:
        return [][i]
    return i
zd = ix = ok = 0
for i in range(5000):
    try:
        risky(i)
        ok += 1
    except ZeroDivisionError:
        zd += 1
    except IndexError:
        ix += 1
print(ok, zd, ix)
fin = 0
for i in range(3000):
    try:
        try:
            if i % 5 == 0:
                raise KeyError(i)
            if i % 5 == 1:
                raise TypeError("t")
        except KeyError:
            fin += 2
        finally:
            fin += 1
    except TypeError:
        fin += 10
print("fin", fin)
d = {}
misses = 0
for i in range(4000):
    k = i % 50
    try:
        d[k] += 1
    except KeyError:
        misses += 1
        d[k] = 1
print(misses, d[0], d[49])
conv = 0
bad = 0
for s in ["1", "x", "22", "", "3.5", "-4"] * 500:
    try:
        conv += int(s)
    except ValueError:
        bad += 1
print(conv, bad)
