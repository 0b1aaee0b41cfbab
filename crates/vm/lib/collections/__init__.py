"""Container datatypes (`collections`), written for tracelift.

`deque` (with `maxlen`, both ends, rotation, indexing, CPython's reprs and errors) and
`ChainMap`. `collections.abc` holds the abstract base classes.

Left out until tracelift can subclass builtin types: `defaultdict`, `OrderedDict` and
`Counter` (dict subclasses in CPython) and `namedtuple` (a tuple subclass); `UserDict`,
`UserList` and `UserString`.
"""

from collections.abc import MutableMapping, MutableSequence

__all__ = ["deque", "ChainMap"]


class deque(MutableSequence):
    """A list-like sequence with fast appends and pops at both ends."""

    def __init__(self, iterable=(), maxlen=None):
        if maxlen is not None:
            if not isinstance(maxlen, int):
                raise TypeError("an integer is required")
            if maxlen < 0:
                raise ValueError("maxlen must be non-negative")
        self._maxlen = maxlen
        # Items live in a list; `_head` counts the removed slots at its front, reclaimed
        # when they outnumber the live items.
        self._items = []
        self._head = 0
        self.extend(iterable)

    @property
    def maxlen(self):
        return self._maxlen

    def _live(self):
        return self._items[self._head:] if self._head else self._items

    def _compact(self):
        if self._head > 16 and self._head * 2 > len(self._items):
            self._items = self._items[self._head:]
            self._head = 0

    def __len__(self):
        return len(self._items) - self._head

    def __bool__(self):
        return len(self._items) > self._head

    def __iter__(self):
        items, i = self._items, self._head
        start_len = len(self)
        while i < len(items):
            if len(self) != start_len or items is not self._items:
                raise RuntimeError("deque mutated during iteration")
            yield items[i]
            i += 1

    def __reversed__(self):
        return reversed(self._live())

    def _index(self, i):
        if not isinstance(i, int):
            raise TypeError("sequence index must be integer, not '%s'" % type(i).__name__)
        n = len(self)
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError("deque index out of range")
        return self._head + i

    def __getitem__(self, i):
        return self._items[self._index(i)]

    def __setitem__(self, i, value):
        self._items[self._index(i)] = value

    def __delitem__(self, i):
        del self._items[self._index(i)]

    def __contains__(self, value):
        return value in self._live()

    def append(self, value):
        self._items.append(value)
        if self._maxlen is not None and len(self) > self._maxlen:
            self.popleft()

    def appendleft(self, value):
        if self._head:
            self._head -= 1
            self._items[self._head] = value
        else:
            self._items.insert(0, value)
        if self._maxlen is not None and len(self) > self._maxlen:
            self.pop()

    def pop(self):
        if not self:
            raise IndexError("pop from an empty deque")
        return self._items.pop()

    def popleft(self):
        if not self:
            raise IndexError("pop from an empty deque")
        value = self._items[self._head]
        self._items[self._head] = None
        self._head += 1
        if self._head == len(self._items):
            self._items = []
            self._head = 0
        else:
            self._compact()
        return value

    def extend(self, iterable):
        if iterable is self:
            iterable = list(iterable)
        for value in iterable:
            self.append(value)

    def extendleft(self, iterable):
        if iterable is self:
            iterable = list(iterable)
        for value in iterable:
            self.appendleft(value)

    def insert(self, i, value):
        if self._maxlen is not None and len(self) >= self._maxlen:
            raise IndexError("deque already at its maximum size")
        n = len(self)
        if i < 0:
            i = max(i + n, 0)
        self._items.insert(self._head + min(i, n), value)

    def clear(self):
        self._items = []
        self._head = 0

    def copy(self):
        return deque(self, self._maxlen)

    __copy__ = copy

    def count(self, value):
        return self._live().count(value)

    def index(self, value, start=0, stop=None):
        n = len(self)
        stop = n if stop is None else stop
        for i in range(*slice(start, stop).indices(n)):
            v = self[i]
            if v is value or v == value:
                return i
        raise ValueError("%r is not in deque" % (value,))

    def remove(self, value):
        for i in range(len(self)):
            v = self[i]
            if v is value or v == value:
                del self[i]
                return
        raise ValueError("%r is not in deque" % (value,))

    def reverse(self):
        live = self._live()
        live.reverse()
        self._items, self._head = live, 0

    def rotate(self, n=1):
        size = len(self)
        if size <= 1:
            return
        n %= size
        if n:
            live = self._live()
            self._items = live[-n:] + live[:-n]
            self._head = 0

    def __repr__(self):
        items = ", ".join(repr(v) for v in self._live())
        if self._maxlen is None:
            return "deque([%s])" % items
        return "deque([%s], maxlen=%d)" % (items, self._maxlen)

    def __eq__(self, other):
        if not isinstance(other, deque):
            return NotImplemented
        return self._live() == other._live()

    def __lt__(self, other):
        if not isinstance(other, deque):
            return NotImplemented
        return self._live() < other._live()

    def __le__(self, other):
        if not isinstance(other, deque):
            return NotImplemented
        return self._live() <= other._live()

    def __gt__(self, other):
        if not isinstance(other, deque):
            return NotImplemented
        return self._live() > other._live()

    def __ge__(self, other):
        if not isinstance(other, deque):
            return NotImplemented
        return self._live() >= other._live()

    __hash__ = None

    def __add__(self, other):
        if not isinstance(other, deque):
            raise TypeError('can only concatenate deque (not "%s") to deque' % type(other).__name__)
        new = self.copy()
        new.extend(other)
        return new

    def __iadd__(self, other):
        self.extend(other)
        return self

    def __mul__(self, n):
        new = deque((), self._maxlen)
        for _ in range(n):
            new.extend(self._live())
        return new

    def __imul__(self, n):
        live = self._live()
        self.clear()
        for _ in range(n):
            self.extend(live)
        return self


class ChainMap(MutableMapping):
    """Several mappings seen as one: lookups search them in order, writes go to the first."""

    def __init__(self, *maps):
        self.maps = list(maps) or [{}]

    def __missing__(self, key):
        raise KeyError(key)

    def __getitem__(self, key):
        for mapping in self.maps:
            try:
                return mapping[key]
            except KeyError:
                pass
        return self.__missing__(key)

    def get(self, key, default=None):
        return self[key] if key in self else default

    def __len__(self):
        return len(set().union(*self.maps))

    def __iter__(self):
        d = {}
        for mapping in reversed(self.maps):
            d.update(dict.fromkeys(mapping))
        return iter(d)

    def __contains__(self, key):
        return any(key in m for m in self.maps)

    def __bool__(self):
        return any(self.maps)

    def __repr__(self):
        return "%s(%s)" % (type(self).__name__, ", ".join(map(repr, self.maps)))

    def copy(self):
        return self.__class__(self.maps[0].copy(), *self.maps[1:])

    __copy__ = copy

    def new_child(self, m=None, **kwargs):
        if m is None:
            m = kwargs
        elif kwargs:
            m.update(kwargs)
        return self.__class__(m, *self.maps)

    @property
    def parents(self):
        return self.__class__(*self.maps[1:])

    def __setitem__(self, key, value):
        self.maps[0][key] = value

    def __delitem__(self, key):
        try:
            del self.maps[0][key]
        except KeyError:
            raise KeyError("Key not found in the first mapping: %r" % (key,))

    def popitem(self):
        try:
            return self.maps[0].popitem()
        except KeyError:
            raise KeyError("No keys found in the first mapping.")

    def pop(self, key, *args):
        try:
            return self.maps[0].pop(key, *args)
        except KeyError:
            raise KeyError("Key not found in the first mapping: %r" % (key,))

    def clear(self):
        self.maps[0].clear()

    def __or__(self, other):
        if not isinstance(other, dict):
            return NotImplemented
        m = self.copy()
        m.maps[0].update(other)
        return m
