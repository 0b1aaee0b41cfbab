# Instructions that tier 2 runs as generic uops (decision 89), each in a hot loop so that
# traces, exits and deopts cross them under every engine: list, set and dict displays with
# unpacking, `del c[k]`, `f(*a)`, f-strings with specs and conversions, starred unpacking,
# `assert`, closures made and called in a loop (MAKE_FUNCTION, SET_FUNCTION_ATTRIBUTE,
# MAKE_CELL, COPY_FREE_VARS, LOAD_CLOSURE), and errors raised from them with their lines.


def displays(n):
    total = 0
    base = [1, 2, 3]
    extra = {"k": 1}
    for i in range(n):
        xs = [*base, i, *base]
        s = {*base, i % 5}
        d = {**extra, "i": i}
        d2 = dict(**extra, j=i)
        t = (*xs, i)
        total += len(xs) + len(s) + len(d) + len(d2) + len(t) + sum([4, 5, 6])
        first, *mid, last = xs
        total += first + len(mid) + last
        del d["i"]
        total += len(d)
    return total


def fmt(n):
    out = []
    for i in range(n):
        x = i / 7
        out.append(f"{i:>4}|{x:.3f}|{i!r}|{'é'!a}|{str(i)!s:<3}")
    return out


def adders(n):
    total = 0
    for i in range(n):
        k = i % 3

        def add(x, k=k):
            return x + k + i

        total += add(1)
        total += (lambda y: y * k)(2)
    return total


def counter(n):
    count = 0

    def bump(step):
        nonlocal count
        count += step
        return count

    for i in range(n):
        bump(i % 4)
    return count


def plus(n):
    t = 0
    for i in range(n):
        t += +i
        t += max(*[i, 3, 1])
    return t


def asserts(n):
    ok = 0
    for i in range(n):
        try:
            assert i < n - 3, f"i={i}"
            ok += 1
        except AssertionError as e:
            ok += len(str(e))
    return ok


def bad_format(n):
    for i in range(n):
        v = i if i < n - 1 else "text"
        s = f"{v:05d}"
    return s


def bad_unpack(n):
    for i in range(n):
        seq = [1, 2, 3] if i < n - 1 else [1]
        a, b, *rest = seq
    return a


def bad_del(n):
    d = {}
    for i in range(n):
        d[i] = i
        del d[i if i < n - 1 else -1]
    return d


print(displays(300))
print(fmt(300)[-3:])
print(adders(300), counter(300), plus(300), asserts(300))
for f in (bad_format, bad_unpack, bad_del):
    try:
        f(300)
    except (ValueError, KeyError) as e:
        print(type(e).__name__, e)


def final(n):
    for i in range(n):
        src = range(3) if i < n - 1 else None
        xs = [*src]
    return xs


final(300)
