# collections.abc: the one-trick ABCs recognize classes by their methods (and None blocks
# one), the builtin types are registered where CPython registers them, and the container
# ABCs give their mixin methods to classes that define the abstract ones.
from collections.abc import (
    Callable, Collection, Container, Generator, Hashable, ItemsView, Iterable, Iterator,
    KeysView, Mapping, MutableMapping, MutableSequence, MutableSet, Reversible, Sequence,
    Set, Sized, ValuesView,
)

samples = [[], (), {}, set(), frozenset(), "", range(3), iter([]), (x for x in ()), len, 3, 2.5, None]
for abc in (Iterable, Iterator, Hashable, Sized, Container, Collection, Callable, Reversible,
            Sequence, MutableSequence, Mapping, MutableMapping, Set, MutableSet, Generator):
    print(abc.__name__.ljust(16), "".join("x" if isinstance(s, abc) else "." for s in samples))


class Countdown:
    def __init__(self, n):
        self.n = n

    def __iter__(self):
        return self

    def __next__(self):
        if self.n <= 0:
            raise StopIteration
        self.n -= 1
        return self.n


class NoHash:
    __hash__ = None


print(isinstance(Countdown(3), Iterator), list(Countdown(3)), isinstance(NoHash(), Hashable))
print(issubclass(Countdown, Iterable), issubclass(NoHash, Iterable))


class Registry(MutableMapping):
    def __init__(self):
        self._data = {}

    def __getitem__(self, key):
        return self._data[key.lower()]

    def __setitem__(self, key, value):
        self._data[key.lower()] = value

    def __delitem__(self, key):
        del self._data[key.lower()]

    def __iter__(self):
        return iter(self._data)

    def __len__(self):
        return len(self._data)


r = Registry()
r["Alpha"] = 1
r.update({"BETA": 2}, Gamma=3)
print(len(r), r["ALPHA"], "beta" in r, r.get("delta", 0), sorted(r.keys()), sorted(r.values()))
print(sorted(r.items()), r.setdefault("Delta", 4), r.pop("delta"), r.pop("zzz", "none"))
print(r == {"alpha": 1, "beta": 2, "gamma": 3}, isinstance(r.keys(), KeysView), isinstance(r.items(), ItemsView))
print(r.keys() & {"alpha", "omega"} == {"alpha"}, r.popitem(), len(r), isinstance(r.values(), ValuesView))
try:
    r.pop("missing")
except KeyError as e:
    print("KeyError", e)
try:
    Mapping()
except TypeError as e:
    print("TypeError:", e)


class Span(Sequence):
    def __init__(self, lo, hi):
        self.lo, self.hi = lo, hi

    def __getitem__(self, i):
        if not 0 <= i < self.hi - self.lo:
            raise IndexError(i)
        return self.lo + i

    def __len__(self):
        return self.hi - self.lo


s = Span(3, 8)
print(list(s), 5 in s, 9 in s, list(reversed(s)), s.index(6), s.count(4), isinstance(s, Reversible))
try:
    s.index(100)
except ValueError:
    print("ValueError from index")


class Stack(MutableSequence):
    def __init__(self):
        self._items = []

    def __getitem__(self, i):
        return self._items[i]

    def __setitem__(self, i, v):
        self._items[i] = v

    def __delitem__(self, i):
        del self._items[i]

    def __len__(self):
        return len(self._items)

    def insert(self, i, v):
        self._items.insert(i, v)


st = Stack()
st.extend([1, 2, 3])
st.append(4)
st.reverse()
print(list(st), st.pop(), st.pop(0), list(st))
st += [9, 9]
st.remove(9)
print(list(st), st.count(9))


class Bits(Set):
    def __init__(self, items=()):
        self._items = sorted(set(items))

    def __contains__(self, x):
        return x in self._items

    def __iter__(self):
        return iter(self._items)

    def __len__(self):
        return len(self._items)


a, b = Bits([1, 2, 3]), Bits([2, 3, 4])
print(sorted(a & b), sorted(a | b), sorted(a - b), sorted(a ^ b), a <= Bits([1, 2, 3, 4]), a == Bits([3, 2, 1]))
print(a.isdisjoint([7, 8]), a < b, isinstance(a, Hashable))

total = 0
for i in range(500):
    obj = samples[i % len(samples)]
    total += isinstance(obj, Iterable) + 2 * isinstance(obj, Sized) + 4 * isinstance(obj, Hashable)
print(total)
