# `functools` for tracelift (crates/vm/lib; docs/stdlib.md): CPython 3.11's higher-order
# functions, written in Python (much of CPython's is C): `reduce`, `partial` (`func`, `args`,
# `keywords`, flattening of nested partials, the C type's repr), `update_wrapper`/`wraps`
# with `WRAPPER_ASSIGNMENTS`/`WRAPPER_UPDATES`, `lru_cache` (`maxsize`, `typed`, bare
# `@lru_cache`, `cache_info()`, `cache_clear()`, `cache_parameters()`, the C wrapper's cache
# keys, hit/miss counts and eviction order), `cache`, `total_ordering`, `cmp_to_key`,
# `cached_property`, `singledispatch` and `singledispatchmethod` (`register(cls)`,
# `register(cls, func)`, union types, `dispatch`, `registry`), with CPython's messages.
#
# Differences and what is left out:
# - an `lru_cache` wrapper is a Python function (CPython's is a `_lru_cache_wrapper`
#   object); its `cache_info()` is a `CacheInfo` object that indexes, unpacks, compares and
#   hashes like CPython's named tuple but is not a `tuple` (tracelift cannot subclass tuple);
# - `cmp_to_key` keys are unhashable like CPython's, but their type prints as `KeyWrapper`,
#   not `functools.KeyWrapper`;
# - `singledispatch` dispatches along `type(arg).__mro__`; when a registered class is a
#   superclass only through `issubclass` (an ABC's virtual subclass), it raises
#   NotImplementedError instead of composing CPython's ABC-aware MRO. Its `registry` is a
#   plain dict (CPython's is a read-only mappingproxy). `register` from a function's type
#   annotations needs `__annotations__`, which tracelift's functions do not have: it raises
#   NotImplementedError there;
# - `partialmethod` is left out (it binds through `function.__get__`, which tracelift's
#   functions lack), as are pickling of `partial` and `cached_property`'s lock.

__all__ = ["update_wrapper", "wraps", "WRAPPER_ASSIGNMENTS", "WRAPPER_UPDATES",
           "total_ordering", "cache", "cmp_to_key", "lru_cache", "reduce", "partial",
           "singledispatch", "singledispatchmethod", "cached_property"]


# update_wrapper / wraps

WRAPPER_ASSIGNMENTS = ("__module__", "__name__", "__qualname__", "__doc__", "__annotations__")
WRAPPER_UPDATES = ("__dict__",)


def update_wrapper(wrapper, wrapped, assigned=WRAPPER_ASSIGNMENTS, updated=WRAPPER_UPDATES):
    """Makes wrapper look like wrapped: copies the `assigned` attributes it has, updates the
    `updated` ones (dicts) from it, and sets `wrapper.__wrapped__ = wrapped`."""
    for name in assigned:
        try:
            value = getattr(wrapped, name)
        except AttributeError:
            continue
        setattr(wrapper, name, value)
    for name in updated:
        getattr(wrapper, name).update(getattr(wrapped, name, {}))
    # Set last, so that wrapped's own __wrapped__ (copied with __dict__) does not win.
    wrapper.__wrapped__ = wrapped
    return wrapper


def wraps(wrapped, assigned=WRAPPER_ASSIGNMENTS, updated=WRAPPER_UPDATES):
    """A decorator applying update_wrapper(wrapper, wrapped, assigned, updated)."""
    return partial(update_wrapper, wrapped=wrapped, assigned=assigned, updated=updated)


# reduce

def reduce(*args, **kwargs):
    """reduce(function, iterable[, initial]): folds iterable from the left with function,
    starting from initial (or the first item)."""
    if kwargs:
        raise TypeError("reduce() takes no keyword arguments")
    if len(args) < 2:
        raise TypeError("reduce expected at least 2 arguments, got %d" % len(args))
    if len(args) > 3:
        raise TypeError("reduce expected at most 3 arguments, got %d" % len(args))
    function = args[0]
    try:
        it = iter(args[1])
    except TypeError:
        raise TypeError("reduce() arg 2 must support iteration") from None
    if len(args) == 3:
        value = args[2]
    else:
        empty = True
        for value in it:
            empty = False
            break
        if empty:
            raise TypeError("reduce() of empty iterable with no initial value")
    for item in it:
        value = function(value, item)
    return value


# partial

def _readonly(self, value=None):
    raise AttributeError("readonly attribute")


class partial:
    """partial(func, /, *args, **keywords): a callable calling func with args and keywords
    first, then the arguments it is called with."""

    __slots__ = ("_func", "_args", "_keywords", "__dict__")

    def __new__(*args, **keywords):
        cls = args[0]
        if len(args) < 2:
            raise TypeError("type 'partial' takes at least one argument")
        func = args[1]
        if not callable(func):
            raise TypeError("the first argument must be callable")
        args = args[2:]
        # A partial of a plain partial (no attributes of its own) is flattened, as in C.
        if isinstance(func, partial) and not func.__dict__:
            args = func._args + args
            keywords = {**func._keywords, **keywords}
            func = func._func
        self = object.__new__(cls)
        self._func = func
        self._args = args
        self._keywords = keywords
        return self

    def __call__(*args, **keywords):
        self = args[0]
        if self._keywords:
            keywords = {**self._keywords, **keywords}
        return self._func(*self._args, *args[1:], **keywords)

    def __repr__(self):
        parts = [repr(self._func)]
        for arg in self._args:
            parts.append(repr(arg))
        for k, v in self._keywords.items():
            parts.append("%s=%r" % (k, v))
        cls = type(self)
        name = "functools.partial" if cls is partial else cls.__name__
        return "%s(%s)" % (name, ", ".join(parts))

    # Read-only, as the C type's members. (The deleter is given with `.deleter`:
    # tracelift's property() ignores its third argument.)
    func = property(lambda self: self._func, _readonly).deleter(_readonly)
    args = property(lambda self: self._args, _readonly).deleter(_readonly)
    keywords = property(lambda self: self._keywords, _readonly).deleter(_readonly)


# lru_cache / cache

class CacheInfo:
    """CacheInfo(hits, misses, maxsize, currsize): what an lru_cache wrapper's cache_info()
    returns. Behaves like CPython's named tuple (fields, indexing, unpacking, equality with
    tuples, hash, repr, read-only fields) without being a tuple."""

    __slots__ = ("hits", "misses", "maxsize", "currsize")
    _fields = ("hits", "misses", "maxsize", "currsize")

    def __init__(self, hits, misses, maxsize, currsize):
        object.__setattr__(self, "hits", hits)
        object.__setattr__(self, "misses", misses)
        object.__setattr__(self, "maxsize", maxsize)
        object.__setattr__(self, "currsize", currsize)

    def __setattr__(self, name, value):
        raise AttributeError("can't set attribute")

    def __delattr__(self, name):
        raise AttributeError("can't delete attribute")

    @property
    def _values(self):
        return (self.hits, self.misses, self.maxsize, self.currsize)

    def __repr__(self):
        return "CacheInfo(hits=%r, misses=%r, maxsize=%r, currsize=%r)" % self._values

    def __getitem__(self, index):
        return self._values[index]

    def __len__(self):
        return 4

    def __iter__(self):
        return iter(self._values)

    def __contains__(self, value):
        return value in self._values

    def __eq__(self, other):
        if isinstance(other, CacheInfo):
            other = other._values
        if isinstance(other, tuple):
            return self._values == other
        return NotImplemented

    def __ne__(self, other):
        if isinstance(other, CacheInfo):
            other = other._values
        if isinstance(other, tuple):
            return self._values != other
        return NotImplemented

    def __hash__(self):
        return hash(self._values)

    def index(self, value):
        return self._values.index(value)

    def count(self, value):
        return self._values.count(value)

    def _asdict(self):
        return dict(zip(self._fields, self._values))

    def _replace(self, **changes):
        unexpected = [name for name in changes if name not in self._fields]
        if unexpected:
            raise ValueError("Got unexpected field names: %r" % unexpected)
        values = dict(zip(self._fields, self._values))
        values.update(changes)
        return CacheInfo(*[values[name] for name in self._fields])


class _Sentinel:
    pass


_kwd_mark = _Sentinel()
_missing = _Sentinel()


def _make_key(args, kwargs, typed):
    # The C wrapper's key: the argument tuple, then a marker and the keyword items, then
    # (typed) the argument types; a lone untyped int or str argument is its own key.
    if not kwargs and not typed:
        if len(args) == 1:
            arg = args[0]
            if type(arg) is int or type(arg) is str:
                return arg
        return args
    key = list(args)
    if kwargs:
        key.append(_kwd_mark)
        for k, v in kwargs.items():
            key.append(k)
            key.append(v)
    if typed:
        for arg in args:
            key.append(type(arg))
        for v in kwargs.values():
            key.append(type(v))
    return tuple(key)


def _lru_wrapper(user_function, maxsize, typed):
    # The counters live in a list the closures share: [hits, misses].
    cache = {}
    stats = [0, 0]
    missing = _missing

    if maxsize == 0:
        def wrapper(*args, **kwargs):
            stats[1] += 1
            return user_function(*args, **kwargs)
    elif maxsize is None:
        def wrapper(*args, **kwargs):
            key = _make_key(args, kwargs, typed)
            result = cache.get(key, missing)
            if result is not missing:
                stats[0] += 1
                return result
            stats[1] += 1
            result = user_function(*args, **kwargs)
            cache[key] = result
            return result
    else:
        # The dict's order is the recency order: a hit moves its key to the end, and a
        # full cache drops its first key.
        def wrapper(*args, **kwargs):
            key = _make_key(args, kwargs, typed)
            result = cache.pop(key, missing)
            if result is not missing:
                cache[key] = result
                stats[0] += 1
                return result
            stats[1] += 1
            result = user_function(*args, **kwargs)
            if key in cache:
                # The call itself (recursion) cached this key: keep that entry.
                return result
            if len(cache) >= maxsize:
                for oldest in cache:
                    break
                del cache[oldest]
            cache[key] = result
            return result

    def cache_info():
        """Report cache statistics."""
        return CacheInfo(stats[0], stats[1], maxsize, len(cache))

    def cache_clear():
        """Clear the cache and cache statistics."""
        cache.clear()
        stats[0] = 0
        stats[1] = 0

    wrapper.cache_info = cache_info
    wrapper.cache_clear = cache_clear
    return wrapper


def lru_cache(maxsize=128, typed=False):
    """A decorator caching the results of a function by its arguments, keeping the
    `maxsize` most recently used (all of them if None); with `typed`, arguments of different
    types are cached apart. `@lru_cache` without parentheses uses maxsize 128."""
    if isinstance(maxsize, int):
        if maxsize < 0:
            maxsize = 0
    elif callable(maxsize) and isinstance(typed, bool):
        user_function = maxsize
        maxsize = 128
        return _decorate(user_function, maxsize, typed)
    elif maxsize is not None:
        raise TypeError("Expected first argument to be an integer, a callable, or None")

    def decorating_function(user_function):
        return _decorate(user_function, maxsize, typed)

    return decorating_function


def _decorate(user_function, maxsize, typed):
    wrapper = _lru_wrapper(user_function, maxsize, typed)
    wrapper.cache_parameters = lambda: {"maxsize": maxsize, "typed": typed}
    return update_wrapper(wrapper, user_function)


def cache(user_function):
    """An unbounded cache: lru_cache(maxsize=None)(user_function)."""
    return lru_cache(maxsize=None)(user_function)


# total_ordering

def _ordering(name, root, doc, derive):
    # One derived comparison: calls the class's `root` method and, unless it returns
    # NotImplemented, turns its result into this operator's with `derive`.
    def compare(self, other):
        result = getattr(type(self), root)(self, other)
        if result is NotImplemented:
            return result
        return derive(result, self, other)
    compare.__name__ = name
    compare.__doc__ = doc
    return compare


# For each root operator, the three others: (name, doc, how the root's result r gives it).
_DERIVED = {
    "__lt__": [
        ("__gt__", "Return a > b.  Computed by @total_ordering from (not a < b) and (a != b).",
         lambda r, a, b: not r and a != b),
        ("__le__", "Return a <= b.  Computed by @total_ordering from (a < b) or (a == b).",
         lambda r, a, b: r or a == b),
        ("__ge__", "Return a >= b.  Computed by @total_ordering from (not a < b).",
         lambda r, a, b: not r),
    ],
    "__le__": [
        ("__ge__", "Return a >= b.  Computed by @total_ordering from (not a <= b) or (a == b).",
         lambda r, a, b: not r or a == b),
        ("__lt__", "Return a < b.  Computed by @total_ordering from (a <= b) and (a != b).",
         lambda r, a, b: r and a != b),
        ("__gt__", "Return a > b.  Computed by @total_ordering from (not a <= b).",
         lambda r, a, b: not r),
    ],
    "__gt__": [
        ("__lt__", "Return a < b.  Computed by @total_ordering from (not a > b) and (a != b).",
         lambda r, a, b: not r and a != b),
        ("__ge__", "Return a >= b.  Computed by @total_ordering from (a > b) or (a == b).",
         lambda r, a, b: r or a == b),
        ("__le__", "Return a <= b.  Computed by @total_ordering from (not a > b).",
         lambda r, a, b: not r),
    ],
    "__ge__": [
        ("__le__", "Return a <= b.  Computed by @total_ordering from (not a >= b) or (a == b).",
         lambda r, a, b: not r or a == b),
        ("__gt__", "Return a > b.  Computed by @total_ordering from (a >= b) and (a != b).",
         lambda r, a, b: r and a != b),
        ("__lt__", "Return a < b.  Computed by @total_ordering from (not a >= b).",
         lambda r, a, b: not r),
    ],
}


def total_ordering(cls):
    """A class decorator filling in the missing ordering methods from the one the class (or
    a base other than object) defines, preferring __lt__, then __le__, __gt__, __ge__."""
    roots = [op for op in _DERIVED if getattr(cls, op, None) is not getattr(object, op, None)]
    if not roots:
        raise ValueError("must define at least one ordering operation: < > <= >=")
    root = max(roots)
    for name, doc, derive in _DERIVED[root]:
        if name not in roots:
            setattr(cls, name, _ordering(name, root, doc, derive))
    return cls


# cmp_to_key

_no_obj = _Sentinel()


class KeyWrapper:
    """What cmp_to_key returns: called with an object, a key that orders like mycmp says."""

    __slots__ = ("cmp", "obj")

    def __init__(self, cmp, obj):
        self.cmp = cmp
        self.obj = obj

    def __call__(self, obj=_no_obj):
        if obj is _no_obj:
            raise TypeError("K() missing required argument 'obj' (pos 1)")
        return KeyWrapper(self.cmp, obj)

    def _compare(self, other):
        if type(other) is not type(self):
            raise TypeError("other argument must be K instance")
        return self.cmp(self.obj, other.obj)

    def __lt__(self, other):
        return self._compare(other) < 0

    def __le__(self, other):
        return self._compare(other) <= 0

    def __eq__(self, other):
        return self._compare(other) == 0

    def __ne__(self, other):
        return self._compare(other) != 0

    def __gt__(self, other):
        return self._compare(other) > 0

    def __ge__(self, other):
        return self._compare(other) >= 0

    __hash__ = None


def cmp_to_key(mycmp):
    """Turns an old-style comparison function (negative, zero or positive) into a key."""
    return KeyWrapper(mycmp, None)


# cached_property

_not_found = _Sentinel()


class cached_property:
    """A property computed once per instance and then kept in the instance's __dict__."""

    def __init__(self, func):
        self.func = func
        self.attrname = None
        self.__doc__ = func.__doc__

    def __set_name__(self, owner, name):
        if self.attrname is None:
            self.attrname = name
        elif name != self.attrname:
            raise TypeError("Cannot assign the same cached_property to two different names "
                            "(%r and %r)." % (self.attrname, name))

    def __get__(self, instance, owner=None):
        if instance is None:
            return self
        if self.attrname is None:
            raise TypeError("Cannot use cached_property instance without calling "
                            "__set_name__ on it.")
        try:
            cache = instance.__dict__
        except AttributeError:
            raise TypeError("No '__dict__' attribute on %r instance to cache %r property."
                            % (type(instance).__name__, self.attrname)) from None
        value = cache.get(self.attrname, _not_found)
        if value is _not_found:
            value = self.func(instance)
            cache[self.attrname] = value
        return value


# singledispatch

_UnionType = type(int | str)


def _is_dispatch_type(cls):
    if isinstance(cls, type):
        return True
    if isinstance(cls, _UnionType):
        for arg in cls.__args__:
            if not isinstance(arg, type):
                return False
        return True
    return False


def singledispatch(func):
    """Makes func a generic function dispatching on the type of its first argument; add
    implementations with `register`."""
    registry = {object: func}
    dispatch_cache = {}

    def dispatch(cls):
        """The implementation registered for cls (the closest class in its MRO)."""
        impl = dispatch_cache.get(cls)
        if impl is not None:
            return impl
        match = None
        mro = cls.__mro__
        for base in mro:
            if base in registry:
                match = base
                break
        for other in registry:
            if other not in mro and issubclass(cls, other):
                raise NotImplementedError(
                    "singledispatch: %r is a virtual superclass of %r (an abstract base "
                    "class); tracelift's functools dispatches along __mro__ only"
                    % (other, cls))
        impl = registry[match]
        dispatch_cache[cls] = impl
        return impl

    def register(cls, func=None):
        """register(cls, func) adds func as the implementation for cls (a class or a union
        of classes); register(cls) is the same as a decorator."""
        if _is_dispatch_type(cls):
            if func is None:
                return lambda f: register(cls, f)
        else:
            if func is not None:
                raise TypeError("Invalid first argument to `register()`. %r is not a class "
                                "or union type." % (cls,))
            ann = getattr(cls, "__annotations__", None)
            if ann is None and callable(cls):
                raise NotImplementedError(
                    "register() from type annotations: tracelift's functions carry no "
                    "__annotations__; use @register(some_class)")
            if not ann:
                raise TypeError("Invalid first argument to `register()`: %r. Use either "
                                "`@register(some_class)` or plain `@register` on an "
                                "annotated function." % (cls,))
            func = cls
            for argname, cls in ann.items():
                break
            if not _is_dispatch_type(cls):
                raise TypeError("Invalid annotation for %r. %r is not a class."
                                % (argname, cls))
        if isinstance(cls, _UnionType):
            for arg in cls.__args__:
                registry[arg] = func
        else:
            registry[cls] = func
        dispatch_cache.clear()
        return func

    funcname = getattr(func, "__name__", "singledispatch function")

    def wrapper(*args, **kwargs):
        if not args:
            raise TypeError("%s requires at least 1 positional argument" % funcname)
        return dispatch(args[0].__class__)(*args, **kwargs)

    wrapper.register = register
    wrapper.dispatch = dispatch
    wrapper.registry = registry
    wrapper._clear_cache = dispatch_cache.clear
    update_wrapper(wrapper, func)
    return wrapper


_FunctionType = type(lambda: 0)


class singledispatchmethod:
    """A method dispatching on the type of its first argument after self (or cls)."""

    def __init__(self, func):
        if not callable(func) and not hasattr(func, "__get__"):
            raise TypeError("%r is not callable or a descriptor" % (func,))
        self.dispatcher = singledispatch(func)
        self.func = func

    def register(self, cls, method=None):
        """register(cls, method): adds method as the implementation for cls."""
        return self.dispatcher.register(cls, func=method)

    def __get__(self, obj, cls=None):
        dispatch = self.dispatcher.dispatch

        def _method(*args, **kwargs):
            method = dispatch(args[0].__class__)
            if type(method) is _FunctionType:
                # function.__get__(obj, cls): bound to obj, or the function itself.
                if obj is None:
                    return method(*args, **kwargs)
                return method(obj, *args, **kwargs)
            return method.__get__(obj, cls)(*args, **kwargs)

        _method.__isabstractmethod__ = self.__isabstractmethod__
        _method.register = self.register
        update_wrapper(_method, self.func)
        return _method

    @property
    def __isabstractmethod__(self):
        return getattr(self.func, "__isabstractmethod__", False)
