# `itertools` for tracelift (crates/vm/lib; docs/stdlib.md): CPython's iterators, written
# in Python (CPython's are C). Iterators with a repr in CPython (`count`, `repeat`) are
# classes; `chain` is a class for `chain.from_iterable`; the others are generators, which
# iterate the same.
import sys


class count:
    """count(start=0, step=1): start, start + step, ..."""

    def __init__(self, start=0, step=1):
        self._n = start
        self._step = step

    def __iter__(self):
        return self

    def __next__(self):
        n = self._n
        self._n = n + self._step
        return n

    def __repr__(self):
        if isinstance(self._step, int) and self._step == 1 and not isinstance(self._step, bool):
            return "count(%r)" % (self._n,)
        return "count(%r, %r)" % (self._n, self._step)


class repeat:
    """repeat(object[, times]): object, times times or forever."""

    def __init__(self, object, times=None):
        self._object = object
        self._left = None if times is None else max(times, 0)

    def __iter__(self):
        return self

    def __next__(self):
        if self._left is None:
            return self._object
        if self._left <= 0:
            raise StopIteration
        self._left -= 1
        return self._object

    def __length_hint__(self):
        if self._left is None:
            raise TypeError("len() of unsized object")
        return self._left

    def __repr__(self):
        if self._left is None:
            return "repeat(%r)" % (self._object,)
        return "repeat(%r, %d)" % (self._object, self._left)


class chain:
    """chain(*iterables): the items of each iterable in turn."""

    def __init__(self, *iterables):
        self._sources = iter(iterables)
        self._active = None

    @classmethod
    def from_iterable(cls, iterables):
        c = cls()
        c._sources = iter(iterables)
        return c

    def __iter__(self):
        return self

    def __next__(self):
        while True:
            if self._active is None:
                self._active = iter(next(self._sources))
            try:
                return next(self._active)
            except StopIteration:
                self._active = None


def cycle(iterable):
    saved = []
    for element in iterable:
        yield element
        saved.append(element)
    while saved:
        for element in saved:
            yield element


def accumulate(iterable, func=None, *, initial=None):
    it = iter(iterable)
    total = initial
    if initial is None:
        try:
            total = next(it)
        except StopIteration:
            return
    yield total
    for element in it:
        total = total + element if func is None else func(total, element)
        yield total


def compress(data, selectors):
    for d, s in zip(data, selectors):
        if s:
            yield d


def dropwhile(predicate, iterable):
    it = iter(iterable)
    for x in it:
        if not predicate(x):
            yield x
            break
    for x in it:
        yield x


def takewhile(predicate, iterable):
    for x in iterable:
        if predicate(x):
            yield x
        else:
            break


def filterfalse(predicate, iterable):
    if predicate is None:
        predicate = bool
    for x in iterable:
        if not predicate(x):
            yield x


def starmap(function, iterable):
    for args in iterable:
        yield function(*args)


def pairwise(iterable):
    it = iter(iterable)
    try:
        a = next(it)
    except StopIteration:
        return
    for b in it:
        yield a, b
        a = b


def _islice_arg(value, what):
    if value is None:
        return None
    if not isinstance(value, int) or value < 0 or value > sys.maxsize:
        raise ValueError(
            "%s argument for islice() must be None or an integer: 0 <= x <= sys.maxsize." % what
        )
    return value


def islice(iterable, *args):
    """islice(iterable, stop) or islice(iterable, start, stop[, step])."""
    if len(args) == 1:
        start, stop, step = 0, _islice_arg(args[0], "Stop"), 1
    elif 2 <= len(args) <= 3:
        start = _islice_arg(args[0], "Indices") or 0
        stop = _islice_arg(args[1], "Stop")
        step = 1 if len(args) == 2 or args[2] is None else args[2]
        if not isinstance(step, int) or step <= 0:
            raise ValueError("Step for islice() must be a positive integer or None.")
    else:
        raise TypeError("islice expected at most 4 arguments, got %d" % (len(args) + 1))
    return _islice(iter(iterable), start, stop, step)


def _islice(it, start, stop, step):
    i = 0
    nexti = start
    while stop is None or nexti < stop:
        try:
            x = next(it)
        except StopIteration:
            return
        if i == nexti:
            yield x
            nexti += step
        i += 1
    # CPython consumes up to `stop` even when the last item is skipped.
    while i < stop:
        try:
            next(it)
        except StopIteration:
            return
        i += 1


def zip_longest(*iterables, fillvalue=None):
    iterators = [iter(it) for it in iterables]
    active = len(iterators)
    if not active:
        return
    while True:
        values = []
        for i, it in enumerate(iterators):
            try:
                value = next(it)
            except StopIteration:
                active -= 1
                if not active:
                    return
                iterators[i] = repeat(fillvalue)
                value = fillvalue
            values.append(value)
        yield tuple(values)


def groupby(iterable, key=None):
    keyfunc = (lambda x: x) if key is None else key
    it = iter(iterable)
    state = [None, None, False, False]  # current item, its key, have one, exhausted

    def advance():
        try:
            state[0] = next(it)
        except StopIteration:
            state[3] = True
            state[2] = False
            return False
        state[1] = keyfunc(state[0])
        state[2] = True
        return True

    def group(target):
        while state[2] and state[1] == target:
            yield state[0]
            if not advance():
                return

    if not advance():
        return
    while not state[3]:
        target = state[1]
        yield target, group(target)
        while state[2] and state[1] == target:
            if not advance():
                break
        if not state[2]:
            return


def tee(iterable, n=2):
    if n < 0:
        raise ValueError("n must be >= 0")
    it = iter(iterable)
    buffers = [[] for _ in range(n)]

    def gen(mine):
        while True:
            if not mine:
                try:
                    value = next(it)
                except StopIteration:
                    return
                for b in buffers:
                    b.append(value)
            yield mine.pop(0)

    return tuple(gen(b) for b in buffers)


def product(*iterables, repeat=1):
    if repeat < 0:
        raise ValueError("repeat argument cannot be negative")
    pools = [tuple(pool) for pool in iterables] * repeat
    result = [[]]
    for pool in pools:
        result = [x + [y] for x in result for y in pool]
    for prod in result:
        yield tuple(prod)


def permutations(iterable, r=None):
    pool = tuple(iterable)
    n = len(pool)
    r = n if r is None else r
    if r < 0:
        raise ValueError("r must be non-negative")
    if r > n:
        return
    indices = list(range(n))
    cycles = list(range(n, n - r, -1))
    yield tuple(pool[i] for i in indices[:r])
    while n:
        for i in reversed(range(r)):
            cycles[i] -= 1
            if cycles[i] == 0:
                indices[i:] = indices[i + 1:] + indices[i:i + 1]
                cycles[i] = n - i
            else:
                j = cycles[i]
                indices[i], indices[-j] = indices[-j], indices[i]
                yield tuple(pool[i] for i in indices[:r])
                break
        else:
            return


def combinations(iterable, r):
    pool = tuple(iterable)
    n = len(pool)
    if r < 0:
        raise ValueError("r must be non-negative")
    if r > n:
        return
    indices = list(range(r))
    yield tuple(pool[i] for i in indices)
    while True:
        for i in reversed(range(r)):
            if indices[i] != i + n - r:
                break
        else:
            return
        indices[i] += 1
        for j in range(i + 1, r):
            indices[j] = indices[j - 1] + 1
        yield tuple(pool[i] for i in indices)


def combinations_with_replacement(iterable, r):
    pool = tuple(iterable)
    n = len(pool)
    if r < 0:
        raise ValueError("r must be non-negative")
    if not n and r:
        return
    indices = [0] * r
    yield tuple(pool[i] for i in indices)
    while True:
        for i in reversed(range(r)):
            if indices[i] != n - 1:
                break
        else:
            return
        indices[i:] = [indices[i] + 1] * (r - i)
        yield tuple(pool[i] for i in indices)
