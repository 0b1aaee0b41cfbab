"""Container datatypes (`collections`), written for tracelift.

In: `deque` (with `maxlen`, both ends, rotation, indexing, CPython's reprs and errors),
`ChainMap`, `defaultdict`, `OrderedDict`, `Counter`, `namedtuple`, `UserDict`, `UserList`
and `UserString`. `collections.abc` holds the abstract base classes.

`defaultdict`, `OrderedDict` and `Counter` are dict subclasses and `namedtuple` makes tuple
subclasses, as in CPython (docs/decisions.md, 74). `OrderedDict` keeps its order in the dict
itself (a dict keeps insertion order): `move_to_end` and `popitem` remove and re-insert,
`move_to_end(last=False)` rebuilds the dict, and a key that is not a str is found by a scan
so the stored key object stays (CPython keeps a linked list). `namedtuple` builds its class
without `exec`: `__new__` binds its arguments itself and raises CPython's messages, and each
field is a descriptor reading the tuple's slot.

`Counter.elements()` is a generator (CPython's is an `itertools.chain`).

Left out: pickling (`__reduce__` is there for `copy`); the C types' dotted names in error
messages (CPython's `defaultdict` and `OrderedDict` are C types named
`collections.defaultdict` and `collections.OrderedDict`); `OrderedDict`'s own "mutated
during iteration" error (a dict's is raised); `default_factory` is an attribute in the
instance dict (CPython's is a slot); a namedtuple's `__module__` is the `module` argument
or `'__main__'` (no frame introspection to find the caller's module).
"""

from collections.abc import (ItemsView, KeysView, Mapping, MutableMapping, MutableSequence,
                             Sequence, ValuesView)
from types import GenericAlias

from collections._user import UserDict, UserList, UserString

# They live in a file of their own to keep this one short; CPython's are `collections.X`.
UserDict.__module__ = UserList.__module__ = UserString.__module__ = "collections"

__all__ = ["ChainMap", "Counter", "OrderedDict", "UserDict", "UserList", "UserString",
           "defaultdict", "deque", "namedtuple"]

_MISSING = object()

# Ids of the objects whose repr is being computed: a container met again inside its own
# repr is written `...`, as CPython's Py_ReprEnter does.
_repr_running = set()


def _repr_once(obj, make):
    key = id(obj)
    if key in _repr_running:
        return "..."
    _repr_running.add(key)
    try:
        return make(obj)
    finally:
        _repr_running.discard(key)


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


# ---------------------------------------------------------------------------------------
# defaultdict


class defaultdict(dict):
    """A dict that calls default_factory() for a missing key and keeps the result."""

    def __init__(self, *args, **kwargs):
        factory = None
        if args:
            factory = args[0]
            if factory is not None and not callable(factory):
                raise TypeError("first argument must be callable or None")
            args = args[1:]
        self.default_factory = factory
        dict.__init__(self, *args, **kwargs)

    def __missing__(self, key):
        factory = self.default_factory
        if factory is None:
            raise KeyError(key)
        value = factory()
        self[key] = value
        return value

    def __repr__(self):
        factory = self.default_factory
        factory_repr = "None" if factory is None else _repr_once(factory, repr)
        return "%s(%s, %s)" % (type(self).__name__, factory_repr, dict.__repr__(self))

    def copy(self):
        return type(self)(self.default_factory, self)

    __copy__ = copy

    def __reduce__(self):
        factory = self.default_factory
        args = () if factory is None else (factory,)
        return type(self), args, None, None, iter(self.items())

    def __or__(self, other):
        if not isinstance(other, dict):
            return NotImplemented
        new = type(self)(self.default_factory, self)
        dict.update(new, other)
        return new

    def __ror__(self, other):
        if not isinstance(other, dict):
            return NotImplemented
        new = type(self)(self.default_factory, other)
        dict.update(new, self)
        return new

    __class_getitem__ = classmethod(GenericAlias)


# ---------------------------------------------------------------------------------------
# OrderedDict


def _add_pairs(target, pairs):
    # Each pair is unpacked by iterating it, with the messages of CPython's C OrderedDict.
    for pair in pairs:
        if type(pair) is tuple and len(pair) == 2:
            key, value = pair
        else:
            items = iter(pair)
            key = next(items, _MISSING)
            if key is _MISSING:
                raise ValueError("need more than 0 values to unpack")
            value = next(items, _MISSING)
            if value is _MISSING:
                raise ValueError("need more than 1 value to unpack")
            if next(items, _MISSING) is not _MISSING:
                raise ValueError("too many values to unpack (expected 2)")
        target[key] = value


def _update_from(target, source):
    # A plain dict gives its items; an object with keys() is read key by key; one with
    # items() gives pairs; anything else is an iterable of pairs. Writes go through
    # target[key] = value, so a subclass's __setitem__ sees them.
    if type(source) is dict:
        for key, value in source.items():
            target[key] = value
    elif hasattr(source, "keys"):
        for key in source.keys():
            target[key] = source[key]
    elif hasattr(source, "items"):
        _add_pairs(target, source.items())
    else:
        _add_pairs(target, source)


def _update_mapping(target, args, kwargs):
    if args:
        _update_from(target, args[0])
    if kwargs:
        _add_pairs(target, kwargs.items())


def _dict_equal(a, b):
    # dict.__eq__(a, b), the builtin comparison whatever type(b) overrides. tracelift's
    # dict.__eq__ asks b's own __eq__ when b is a dict subclass that overrides it (which
    # would recurse here), so that case compares item by item as CPython's dict_equal does.
    if type(b) is dict:
        return dict.__eq__(a, b)
    if dict.__len__(a) != dict.__len__(b):
        return False
    for key, value in dict.items(a):
        theirs = dict.get(b, key, _MISSING)
        if theirs is _MISSING or not (theirs is value or theirs == value):
            return False
    return True


class _OrderedView:
    """A view of an OrderedDict: the dict's own view, in order, with CPython's repr."""

    def __init__(self, mapping, view):
        self._mapping = mapping
        self._view = view

    def __len__(self):
        return len(self._view)

    def __iter__(self):
        return iter(self._view)

    def __reversed__(self):
        return reversed(self._view)

    def __contains__(self, item):
        return item in self._view

    def __repr__(self):
        return "%s(%r)" % (type(self).__name__, list(self._view))


class _OrderedSetView(_OrderedView):
    # The set operations and comparisons of a dict's keys and items views.

    def __and__(self, other):
        result = set(self._view)
        result.intersection_update(other)
        return result

    __rand__ = __and__

    def __or__(self, other):
        result = set(self._view)
        result.update(other)
        return result

    __ror__ = __or__

    def __xor__(self, other):
        result = set(self._view)
        result.symmetric_difference_update(other)
        return result

    __rxor__ = __xor__

    def __sub__(self, other):
        result = set(self._view)
        result.difference_update(other)
        return result

    def __rsub__(self, other):
        result = set(other)
        result.difference_update(self._view)
        return result

    def isdisjoint(self, other):
        for item in other:
            if item in self._view:
                return False
        return True

    def _within(self, other):
        for item in self._view:
            if item not in other:
                return False
        return True

    def __eq__(self, other):
        if not isinstance(other, (set, frozenset, KeysView, ItemsView)):
            return NotImplemented
        return len(self) == len(other) and self._within(other)

    def __ne__(self, other):
        if not isinstance(other, (set, frozenset, KeysView, ItemsView)):
            return NotImplemented
        return not (len(self) == len(other) and self._within(other))

    def __le__(self, other):
        if not isinstance(other, (set, frozenset, KeysView, ItemsView)):
            return NotImplemented
        return len(self) <= len(other) and self._within(other)

    def __lt__(self, other):
        if not isinstance(other, (set, frozenset, KeysView, ItemsView)):
            return NotImplemented
        return len(self) < len(other) and self._within(other)

    def __ge__(self, other):
        if not isinstance(other, (set, frozenset, KeysView, ItemsView)):
            return NotImplemented
        return len(self) >= len(other) and all(item in self._view for item in other)

    def __gt__(self, other):
        if not isinstance(other, (set, frozenset, KeysView, ItemsView)):
            return NotImplemented
        return len(self) > len(other) and all(item in self._view for item in other)

    __hash__ = None


class odict_keys(_OrderedSetView):
    pass


class odict_items(_OrderedSetView):
    pass


class odict_values(_OrderedView):
    pass


KeysView.register(odict_keys)
ItemsView.register(odict_items)
ValuesView.register(odict_values)


class OrderedDict(dict):
    """A dict that remembers insertion order, can reorder its keys, and compares order."""

    def __init__(self, *args, **kwargs):
        if len(args) > 1:
            raise TypeError("expected at most 1 arguments, got %d" % len(args))
        _update_mapping(self, args, kwargs)

    def update(self, *args, **kwargs):
        if len(args) > 1:
            raise TypeError("update() takes at most 1 positional argument (%d given)"
                            % len(args))
        _update_mapping(self, args, kwargs)

    def _stored_key(self, key):
        # The key object the dict holds for `key` (an equal key may be another object,
        # 1.0 for 1); KeyError when absent.
        if not dict.__contains__(self, key):
            raise KeyError(key)
        if type(key) is str:
            return key
        for stored in dict.keys(self):
            if stored is key or stored == key:
                return stored
        raise KeyError(key)

    def move_to_end(self, key, last=True):
        stored = self._stored_key(key)
        if last:
            dict.__setitem__(self, stored, dict.pop(self, stored))
        else:
            value = dict.pop(self, stored)
            rest = list(dict.items(self))
            dict.clear(self)
            dict.__setitem__(self, stored, value)
            dict.update(self, rest)

    def _pop_key(self, key, default):
        if type(self) is OrderedDict:
            if default is _MISSING:
                return dict.pop(self, key)
            return dict.pop(self, key, default)
        # A subclass sees its own __contains__, __getitem__ and __delitem__, as in CPython.
        if key in self:
            value = self[key]
            del self[key]
            return value
        if default is _MISSING:
            raise KeyError(key)
        return default

    def pop(self, key, default=_MISSING):
        return self._pop_key(key, default)

    def popitem(self, last=True):
        if not dict.__len__(self):
            raise KeyError("dictionary is empty")
        keys = dict.keys(self)
        key = next(reversed(keys)) if last else next(iter(keys))
        return key, self._pop_key(key, _MISSING)

    def setdefault(self, key, default=None):
        if key in self:
            return self[key]
        self[key] = default
        return default

    def keys(self):
        return odict_keys(self, dict.keys(self))

    def values(self):
        return odict_values(self, dict.values(self))

    def items(self):
        return odict_items(self, dict.items(self))

    def __reversed__(self):
        return reversed(dict.keys(self))

    @classmethod
    def fromkeys(cls, iterable, value=None):
        new = cls()
        for key in iterable:
            new[key] = value
        return new

    def copy(self):
        new = type(self)()
        if type(self) is OrderedDict:
            dict.update(new, self)
        else:
            for key in dict.keys(self):
                new[key] = self[key]
        return new

    def __reduce__(self):
        state = getattr(self, "__dict__", None) or None
        return type(self), (), state, None, iter(self.items())

    def __repr__(self):
        if not dict.__len__(self):
            return "%s()" % type(self).__name__

        def make(od):
            items = list(dict.items(od)) if type(od) is OrderedDict else list(od.items())
            return "%s(%r)" % (type(od).__name__, items)

        return _repr_once(self, make)

    def _same_order(self, other):
        for a, b in zip(dict.keys(self), dict.keys(other)):
            if a is not b and not a == b:
                return False
        return True

    def __eq__(self, other):
        if not isinstance(other, dict):
            return NotImplemented
        if not _dict_equal(self, other):
            return False
        return not isinstance(other, OrderedDict) or self._same_order(other)

    def __ne__(self, other):
        if not isinstance(other, dict):
            return NotImplemented
        if not _dict_equal(self, other):
            return True
        return isinstance(other, OrderedDict) and not self._same_order(other)

    __hash__ = None

    def __or__(self, other):
        if not isinstance(other, dict):
            return NotImplemented
        new = type(self)(self)
        _update_from(new, other)
        return new

    def __ror__(self, other):
        if not isinstance(other, dict):
            return NotImplemented
        new = type(self)(other)
        _update_from(new, self)
        return new

    def __ior__(self, other):
        _update_from(self, other)
        return self


# ---------------------------------------------------------------------------------------
# Counter


def _count_of(item):
    return item[1]


def _repeat_each(items):
    for elem, count in items:
        for _ in range(count):
            yield elem


class Counter(dict):
    """A dict that counts hashable things: a missing key counts 0."""

    def __init__(self, iterable=None, /, **kwds):
        self.update(iterable, **kwds)

    def __missing__(self, key):
        return 0

    def total(self):
        return sum(self.values())

    def most_common(self, n=None):
        if n is None:
            return sorted(self.items(), key=_count_of, reverse=True)
        import heapq
        return heapq.nlargest(n, self.items(), key=_count_of)

    def elements(self):
        return _repeat_each(self.items())

    @classmethod
    def fromkeys(cls, iterable, v=None):
        raise NotImplementedError(
            "Counter.fromkeys() is undefined.  Use Counter(iterable) instead.")

    def update(self, iterable=None, /, **kwds):
        if iterable is not None:
            if isinstance(iterable, dict) or isinstance(iterable, Mapping):
                if self:
                    get = self.get
                    for elem, count in iterable.items():
                        self[elem] = count + get(elem, 0)
                else:
                    dict.update(self, iterable)
            else:
                get = self.get
                for elem in iterable:
                    self[elem] = get(elem, 0) + 1
        if kwds:
            self.update(kwds)

    def subtract(self, iterable=None, /, **kwds):
        if iterable is not None:
            get = self.get
            if isinstance(iterable, dict) or isinstance(iterable, Mapping):
                for elem, count in iterable.items():
                    self[elem] = get(elem, 0) - count
            else:
                for elem in iterable:
                    self[elem] = get(elem, 0) - 1
        if kwds:
            self.subtract(kwds)

    def copy(self):
        return self.__class__(self)

    def __reduce__(self):
        return self.__class__, (dict(self),)

    def __delitem__(self, elem):
        if elem in self:
            dict.__delitem__(self, elem)

    def __repr__(self):
        if not self:
            return "%s()" % self.__class__.__name__
        try:
            ordered = dict(self.most_common())
        except TypeError:
            ordered = dict(self)
        return "%s(%r)" % (self.__class__.__name__, ordered)

    # Comparisons are multiset inclusion; a missing element counts 0.

    def __eq__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        return all(self[e] == other[e] for c in (self, other) for e in c)

    def __ne__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        return not self == other

    def __le__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        return all(self[e] <= other[e] for c in (self, other) for e in c)

    def __lt__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        return self <= other and self != other

    def __ge__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        return all(self[e] >= other[e] for c in (self, other) for e in c)

    def __gt__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        return self >= other and self != other

    # Arithmetic keeps positive counts only.

    def __add__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        result = Counter()
        for elem, count in self.items():
            total = count + other[elem]
            if total > 0:
                result[elem] = total
        for elem, count in other.items():
            if elem not in self and count > 0:
                result[elem] = count
        return result

    def __sub__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        result = Counter()
        for elem, count in self.items():
            left = count - other[elem]
            if left > 0:
                result[elem] = left
        for elem, count in other.items():
            if elem not in self and count < 0:
                result[elem] = 0 - count
        return result

    def __or__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        result = Counter()
        for elem, count in self.items():
            theirs = other[elem]
            best = theirs if count < theirs else count
            if best > 0:
                result[elem] = best
        for elem, count in other.items():
            if elem not in self and count > 0:
                result[elem] = count
        return result

    def __and__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        result = Counter()
        for elem, count in self.items():
            theirs = other[elem]
            least = count if count < theirs else theirs
            if least > 0:
                result[elem] = least
        return result

    def __pos__(self):
        result = Counter()
        for elem, count in self.items():
            if count > 0:
                result[elem] = count
        return result

    def __neg__(self):
        result = Counter()
        for elem, count in self.items():
            if count < 0:
                result[elem] = 0 - count
        return result

    def _keep_positive(self):
        for elem in [elem for elem, count in self.items() if not count > 0]:
            del self[elem]
        return self

    def __iadd__(self, other):
        for elem, count in other.items():
            self[elem] += count
        return self._keep_positive()

    def __isub__(self, other):
        for elem, count in other.items():
            self[elem] -= count
        return self._keep_positive()

    def __ior__(self, other):
        for elem, theirs in other.items():
            if theirs > self[elem]:
                self[elem] = theirs
        return self._keep_positive()

    def __iand__(self, other):
        for elem, count in self.items():
            theirs = other[elem]
            if theirs < count:
                self[elem] = theirs
        return self._keep_positive()


# ---------------------------------------------------------------------------------------
# namedtuple

_KEYWORDS = frozenset([
    "False", "None", "True", "and", "as", "assert", "async", "await", "break", "class",
    "continue", "def", "del", "elif", "else", "except", "finally", "for", "from", "global",
    "if", "import", "in", "is", "lambda", "nonlocal", "not", "or", "pass", "raise",
    "return", "try", "while", "with", "yield",
])


class _tuplegetter:
    """A namedtuple field: reads one slot of the tuple; it cannot be set or deleted."""

    def __init__(self, index, doc):
        self._index = index
        self.__doc__ = doc

    def __get__(self, obj, owner=None):
        if obj is None:
            return self
        return tuple.__getitem__(obj, self._index)

    def __set__(self, obj, value):
        raise AttributeError("can't set attribute")

    def __delete__(self, obj):
        raise AttributeError("can't delete attribute")

    def __repr__(self):
        return "_tuplegetter(%d, %r)" % (self._index, self.__doc__)


def _name_list(names):
    # 'x'; 'x' and 'y'; 'x', 'y', and 'z' -- as CPython lists missing arguments.
    quoted = [repr(n) for n in names]
    if len(quoted) == 1:
        return quoted[0]
    if len(quoted) == 2:
        return "%s and %s" % (quoted[0], quoted[1])
    return ", ".join(quoted[:-1]) + ", and " + quoted[-1]


def namedtuple(typename, field_names, *, rename=False, defaults=None, module=None):
    """A new subclass of tuple with named fields."""
    if isinstance(field_names, str):
        field_names = field_names.replace(",", " ").split()
    field_names = [str(name) for name in field_names]
    typename = str(typename)

    if rename:
        seen = set()
        for index, name in enumerate(field_names):
            if (not name.isidentifier() or name in _KEYWORDS or name.startswith("_")
                    or name in seen):
                field_names[index] = "_%d" % index
            seen.add(name)

    for name in [typename] + field_names:
        if not name.isidentifier():
            raise ValueError("Type names and field names must be valid identifiers: %r"
                             % (name,))
        if name in _KEYWORDS:
            raise ValueError("Type names and field names cannot be a keyword: %r" % (name,))

    seen = set()
    for name in field_names:
        if name.startswith("_") and not rename:
            raise ValueError("Field names cannot start with an underscore: %r" % (name,))
        if name in seen:
            raise ValueError("Encountered duplicate field name: %r" % (name,))
        seen.add(name)

    fields = tuple(field_names)
    n = len(fields)
    field_defaults = {}
    if defaults is not None:
        defaults = tuple(defaults)
        if len(defaults) > n:
            raise TypeError("Got more default values than field names")
        for name, value in zip(fields[n - len(defaults):], defaults):
            field_defaults[name] = value

    arg_list = ", ".join(fields)
    if n == 1:
        arg_list += ","
    qualname_new = typename + ".__new__"
    repr_format = "(" + ", ".join(name + "=%r" for name in fields) + ")"
    params = ("_cls",) + fields

    def bind(args, kwargs):
        # Bind (_cls, *fields) as Python binds a def's parameters, with its messages.
        given = len(args) + 1
        values = list(args) + [_MISSING] * (n - len(args))
        for key, value in kwargs.items():
            if key not in params:
                raise TypeError("%s() got an unexpected keyword argument '%s'"
                                % (qualname_new, key))
            index = params.index(key)
            if index < given:
                raise TypeError("%s() got multiple values for argument '%s'"
                                % (qualname_new, key))
            values[index - 1] = value
        defaults = __new__.__defaults__ or ()
        if len(defaults) > n:
            defaults = defaults[len(defaults) - n:]
        required = n - len(defaults)
        if given > n + 1:
            if defaults:
                takes = "from %d to %d positional arguments" % (required + 1, n + 1)
            elif n:
                takes = "%d positional arguments" % (n + 1)
            else:
                takes = "1 positional argument"
            raise TypeError("%s() takes %s but %d were given" % (qualname_new, takes, given))
        missing = [fields[i] for i in range(required) if values[i] is _MISSING]
        if missing:
            raise TypeError("%s() missing %d required positional argument%s: %s" % (
                qualname_new, len(missing), "" if len(missing) == 1 else "s",
                _name_list(missing)))
        for i in range(required, n):
            if values[i] is _MISSING:
                values[i] = defaults[i - required]
        return values

    def __new__(_cls, /, *args, **kwargs):
        if len(args) == n and not kwargs:
            return tuple.__new__(_cls, args)
        return tuple.__new__(_cls, bind(args, kwargs))

    if defaults is not None:
        __new__.__defaults__ = defaults

    def _make(cls, iterable):
        result = tuple.__new__(cls, iterable)
        if len(result) != n:
            raise TypeError("Expected %d arguments, got %d" % (n, len(result)))
        return result

    def _replace(self, /, **kwds):
        result = self._make([kwds.pop(name, value) for name, value in zip(fields, self)])
        if kwds:
            raise ValueError("Got unexpected field names: %r" % (list(kwds),))
        return result

    def __repr__(self):
        return self.__class__.__name__ + repr_format % self

    def _asdict(self):
        return dict(zip(self._fields, self))

    def __getnewargs__(self):
        return tuple(self)

    __new__.__doc__ = "Create new instance of %s(%s)" % (typename, arg_list)
    _make.__doc__ = "Make a new %s object from a sequence or iterable" % typename
    _replace.__doc__ = "Return a new %s object replacing specified fields with new values" \
        % typename
    __repr__.__doc__ = "Return a nicely formatted representation string"
    _asdict.__doc__ = "Return a new dict which maps field names to their values."
    __getnewargs__.__doc__ = "Return self as a plain tuple.  Used by copy and pickle."
    for method in (__new__, _make, _replace, __repr__, _asdict, __getnewargs__):
        method.__qualname__ = typename + "." + method.__name__

    namespace = {
        "__module__": "__main__" if module is None else module,
        "__doc__": "%s(%s)" % (typename, arg_list),
        "__slots__": (),
        "_fields": fields,
        "_field_defaults": field_defaults,
        "__new__": __new__,
        "_make": classmethod(_make),
        "_replace": _replace,
        "__repr__": __repr__,
        "_asdict": _asdict,
        "__getnewargs__": __getnewargs__,
        "__match_args__": fields,
    }
    for index, name in enumerate(fields):
        namespace[name] = _tuplegetter(index, "Alias for field number %d" % index)
    return type(typename, (tuple,), namespace)


# ---------------------------------------------------------------------------------------
# UserDict, UserList, UserString: wrappers around a dict, a list and a str in `.data`.
