# Tier 2 runs a few generic instructions' common cases in the uop body instead of through
# the VM (:generic-fast:): `not` of a bool, `-` of a small int or a float, a cell's contents,
# a comprehension's append, `iter()` of an exact list, tuple or range. The other cases must
# still go the long way: `not` of anything else, `-` of big ints, bools and objects, an empty
# cell (NameError), an iterable class, a list subclass with its own __iter__, a huge range.


def nots(xs):
    out = []
    for x in xs:
        out.append(not x)
    return out


print(nots([True, False] * 1000)[-4:], nots([0, 1, "", "a", None, [], [0], 0.0])[-8:])


def negs(xs):
    out = []
    for x in xs:
        out.append(-x)
    return out


edge = -(2**62)
print(negs(list(range(-1000, 1000)))[-3:], negs([edge, edge - 1, 2**62 - 1, 2**62, 2**100]))
f = 2.5
kept = [f]
print(negs([0.0, -0.0, 1.5, float("inf"), float("nan"), f] * 300)[-6:], kept, f)
print(negs([True, False]))


class Neg:
    def __neg__(self):
        return "negated"


print(negs([1] * 2000 + [Neg()])[-2:])
try:
    negs([1] * 2000 + ["s"])
except TypeError as e:
    print("TypeError", e)


def cells(n):
    total = 0
    step = 3

    def add(v):
        return v + step

    for i in range(n):
        total = add(total)
        if i == n // 2:
            step = 5
    return total


print(cells(3000))


def late(n):
    out = []
    for i in range(n):
        if i == n - 1:
            try:
                out.append(later)  # noqa: F821
            except NameError as e:
                out.append(str(e))
        else:
            out.append(i)
    later = 1
    return out[-2:], later


print(late(3000))


def unbound(n):
    fs = []
    for i in range(n):
        fs.append(lambda: value)  # noqa: B023
        if i == n - 2:
            value = i
    return fs[-1]()


print(unbound(3000))


def uses_cell_before_binding(n):
    def inner():
        return x

    total = 0
    for i in range(n):
        if i == n - 1:
            try:
                inner()
            except NameError as e:
                return total, str(e)
        total += i
    x = 1  # noqa: F841


print(uses_cell_before_binding(2000))


def comps(n):
    return [i * 2 for i in range(n)][-3:], [[j for j in range(i % 4)] for i in range(n)][-3:]


print(comps(3000))


class Items:
    def __iter__(self):
        return iter([7, 8])


class MyList(list):
    def __iter__(self):
        return iter(["own"])


def iters(objs):
    out = []
    for o in objs:
        for v in o:
            out.append(v)
    return out


base = [[1, 2], (3,), range(2), range(5, 0, -2)] * 400
print(len(iters(base)), iters(base[:4]))
print(iters([[1]] * 2000 + [Items(), MyList([1, 2]), "ab", {"k": 1}, range(2**63, 2**63 + 2)])[-8:])
try:
    iters([[1]] * 2000 + [5])
except TypeError as e:
    print("TypeError", e)


# LOAD_CLOSURE (a closure built in a hot loop) and MAP_ADD (dict comprehensions).
def closures(n):
    out = 0
    for i in range(n):
        k = i % 7

        def add(x):
            return x + k

        out += add(i)
    return out


print(closures(5000))


def dcomps(n):
    last = None
    for i in range(n):
        last = {j: j * i for j in range(i % 5)}
    return last, {str(j): [j] for j in range(3)}


print(dcomps(3000))


def dcomp_error(keys):
    return {k: 1 for k in keys}


for attempt in range(2):
    try:
        dcomp_error([1, 2] * 2000 + [[3]])
    except TypeError as e:
        print("TypeError", e)
