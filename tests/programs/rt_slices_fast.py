# Slices of exact lists and tuples by int or None bounds take a short path (:generic-fast::
# BINARY_SLICE and STORE_SLICE in tier 1, BUILD_SLICE/BINARY_SLICE/BINARY_SUBSCR bodies in tier 2); subclasses,
# __index__ bounds, big ints, a zero step and bad bounds take the generic one.
class L(list):
    def __getitem__(self, i):
        return ("L", i)
class Ix:
    def __index__(self):
        return 2
def run(n):
    out = []
    a = list(range(10)); t = tuple(range(10)); l = L([1, 2, 3])
    for i in range(n):
        k = i % 12 - 1
        out.append((a[k:], a[:k], a[k::-1], a[::2], t[k:k + 3], t[:], t[::-1][:2], a[-100:100], a[3:1]))
    out.append((a[Ix():], a[True:], a[2**70:], a[-2**70:3], l[1:], l[::2], "abcdef"[1:4], b"xyz"[::-1]))
    try:
        a[::0]
    except ValueError as e:
        out.append(str(e))
    try:
        a["x":]
    except TypeError as e:
        out.append(str(e))
    return out[-4:], len(out), t[:] is t
print(run(3000))


class S(list):
    def __setitem__(self, i, v):
        print("setitem", i, v)


def stores(n):
    a = list(range(8))
    for i in range(n):
        k = i % 10 - 1
        a[:k] = a[k:] + [i]
        a[k:k] = (i,)
        a[5:2] = [-1]
        a[-100:100] = a[:8]
        a[:] = a
    b = list(range(5))
    b[1:3] = "xy"
    b[Ix():] = [7]
    b[True:2] = (8, 9)
    b[2**70:] = [10]
    b[::2] = [0, 0, 0]
    s = S([1])
    s[0:1] = [2]
    try:
        b[::2] = [1]
    except ValueError as e:
        print("ValueError", e)
    try:
        b[1:2] = 5
    except TypeError as e:
        print("TypeError", e)
    return a, b


print(stores(3000))
c = [1, 2, 3, 4]
for bad in (lambda: c.__setitem__(slice(0, 2, 2), 5), lambda: c.__setitem__(slice(None, 1), None)):
    try:
        bad()
    except TypeError as e:
        print("TypeError", e)
