# `copy` for tracelift (crates/vm/lib; docs/stdlib.md): CPython's shallow and deep copy,
# with its memo, `__copy__`/`__deepcopy__`, `__reduce_ex__`/`__reduce__` and `__setstate__`
# protocols. tracelift's objects have no builtin `__reduce_ex__`, so an instance of a class
# that defines neither is reduced as CPython's `object.__reduce_ex__(4)` reduces it: a new
# object of its class (`cls.__new__(cls)`) and its `__dict__` as the state.


class Error(Exception):
    pass


error = Error

_FunctionType = type(lambda: 0)
_BuiltinType = type(len)


def _own_reducer(x):
    # A `__reduce_ex__` or `__reduce__` that the object's class (or a base) defines.
    for klass in type(x).__mro__:
        try:
            d = klass.__dict__
        except AttributeError:
            continue
        if "__reduce_ex__" in d:
            return lambda: x.__reduce_ex__(4)
        if "__reduce__" in d:
            return x.__reduce__
    return None


def _default_reduce(x):
    # CPython's object.__reduce_ex__(4): `cls.__new__(cls, *x.__getnewargs__())` (a tuple
    # subclass passes its items), the instance dict as the state, and the items of a list
    # or dict subclass replayed onto the new object.
    cls = type(x)
    getnewargs = getattr(x, "__getnewargs__", None)
    if getnewargs is not None:
        args = (cls,) + tuple(getnewargs())
    elif isinstance(x, tuple):
        args = (cls, tuple(x))
    else:
        args = (cls,)
    state = getattr(x, "__dict__", None)
    if not state:
        state = None
    listitems = iter(x) if isinstance(x, list) else None
    dictitems = iter(x.items()) if isinstance(x, dict) else None
    return (_newobj, args, state, listitems, dictitems)


def _newobj(cls, *args):
    return cls.__new__(cls, *args)


def _reduce(x):
    reductor = _own_reducer(x)
    if reductor is not None:
        return reductor()
    if isinstance(x, BaseException) or type(x).__module__ == "builtins" and type(x) is not object:
        raise Error("un(deep)copyable object of type %s" % type(x))
    return _default_reduce(x)


def copy(x):
    """A shallow copy of x."""
    cls = type(x)
    copier = _copy_dispatch.get(cls)
    if copier:
        return copier(x)
    if issubclass(cls, type):
        return x
    copier = getattr(cls, "__copy__", None)
    if copier is not None:
        return copier(x)
    rv = _reduce(x)
    if isinstance(rv, str):
        return x
    return _reconstruct(x, None, *rv)


_copy_dispatch = d = {}


def _copy_immutable(x):
    return x


for t in (type(None), int, float, bool, str, tuple, frozenset, type, range, slice, property,
          _FunctionType, _BuiltinType, type(Ellipsis), type(NotImplemented)):
    d[t] = _copy_immutable
d[list] = list.copy
d[dict] = dict.copy
d[set] = set.copy
del d, t


def deepcopy(x, memo=None, _nil=[]):
    """A deep copy of x."""
    if memo is None:
        memo = {}
    d = id(x)
    y = memo.get(d, _nil)
    if y is not _nil:
        return y
    cls = type(x)
    copier = _deepcopy_dispatch.get(cls)
    if copier is not None:
        y = copier(x, memo)
    elif issubclass(cls, type):
        y = x
    else:
        copier = getattr(x, "__deepcopy__", None)
        if copier is not None:
            y = copier(memo)
        else:
            rv = _reduce(x)
            if isinstance(rv, str):
                y = x
            else:
                y = _reconstruct(x, memo, *rv)
    # An object that is its own copy is not memoized.
    if y is not x:
        memo[d] = y
        _keep_alive(x, memo)
    return y


_deepcopy_dispatch = d = {}


def _deepcopy_atomic(x, memo):
    return x


for t in (type(None), int, float, bool, str, type, range, property, _FunctionType,
          _BuiltinType, type(Ellipsis), type(NotImplemented)):
    d[t] = _deepcopy_atomic


def _deepcopy_list(x, memo, deepcopy=deepcopy):
    y = []
    memo[id(x)] = y
    append = y.append
    for a in x:
        append(deepcopy(a, memo))
    return y


d[list] = _deepcopy_list


def _deepcopy_tuple(x, memo, deepcopy=deepcopy):
    y = [deepcopy(a, memo) for a in x]
    # A cycle through the tuple made it already.
    try:
        return memo[id(x)]
    except KeyError:
        pass
    for k, j in zip(x, y):
        if k is not j:
            y = tuple(y)
            break
    else:
        y = x
    return y


d[tuple] = _deepcopy_tuple


def _deepcopy_dict(x, memo, deepcopy=deepcopy):
    y = {}
    memo[id(x)] = y
    for key, value in x.items():
        y[deepcopy(key, memo)] = deepcopy(value, memo)
    return y


d[dict] = _deepcopy_dict


def _deepcopy_set(x, memo, deepcopy=deepcopy):
    # CPython reduces a set; the copy is the same.
    y = set()
    memo[id(x)] = y
    for a in x:
        y.add(deepcopy(a, memo))
    return y


d[set] = _deepcopy_set


def _deepcopy_frozenset(x, memo, deepcopy=deepcopy):
    return frozenset(deepcopy(a, memo) for a in x)


d[frozenset] = _deepcopy_frozenset
del d, t


def _keep_alive(x, memo):
    try:
        memo[id(memo)].append(x)
    except KeyError:
        memo[id(memo)] = [x]


def _reconstruct(x, memo, func, args, state=None, listiter=None, dictiter=None, *,
                 deepcopy=deepcopy):
    deep = memo is not None
    if deep and args:
        args = deepcopy(args, memo)
    y = func(*args)
    if deep:
        memo[id(x)] = y
    if state is not None:
        if deep:
            state = deepcopy(state, memo)
        if hasattr(y, "__setstate__"):
            y.__setstate__(state)
        else:
            if isinstance(state, tuple) and len(state) == 2:
                state, slotstate = state
            else:
                slotstate = None
            if state is not None:
                y.__dict__.update(state)
            if slotstate is not None:
                for key, value in slotstate.items():
                    setattr(y, key, value)
    if listiter is not None:
        if deep:
            for item in listiter:
                y.append(deepcopy(item, memo))
        else:
            for item in listiter:
                y.append(item)
    if dictiter is not None:
        if deep:
            for key, value in dictiter:
                y[deepcopy(key, memo)] = deepcopy(value, memo)
        else:
            for key, value in dictiter:
                y[key] = value
    return y
