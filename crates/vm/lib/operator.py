# `operator` for tracelift (crates/vm/lib; docs/stdlib.md): the operators as functions,
# written in Python (CPython's `_operator` is C): comparisons, arithmetic and bitwise
# operators, `not_`/`truth`/`is_`/`is_not`, `index`, the sequence functions (`concat`,
# `contains`, `countOf`, `indexOf`, `getitem`, `setitem`, `delitem`), `length_hint`,
# `call`, the in-place operators (`iadd`, ...), the dunder aliases (`__add__` is `add`, ...)
# and the classes `itemgetter`, `attrgetter` (dotted names) and `methodcaller` with
# CPython's reprs and argument errors. Results and the errors of the operations themselves
# are CPython's. The functions are plain Python functions, so calling one with the wrong
# number of arguments gives Python's "missing 1 required positional argument" message
# rather than the C module's "add expected 2 arguments, got 1". Left out: pickling support
# (`__reduce__`) of the three classes.

__all__ = ["abs", "add", "and_", "attrgetter", "call", "concat", "contains", "countOf",
           "delitem", "eq", "floordiv", "ge", "getitem", "gt", "iadd", "iand", "iconcat",
           "ifloordiv", "ilshift", "imatmul", "imod", "imul", "index", "indexOf", "inv",
           "invert", "ior", "ipow", "irshift", "is_", "is_not", "isub", "itemgetter",
           "itruediv", "ixor", "le", "length_hint", "lshift", "lt", "matmul", "methodcaller",
           "mod", "mul", "ne", "neg", "not_", "or_", "pos", "pow", "rshift", "setitem", "sub",
           "truediv", "truth", "xor"]

_builtin_abs = abs


# Comparisons.

def lt(a, b):
    "Same as a < b."
    return a < b


def le(a, b):
    "Same as a <= b."
    return a <= b


def eq(a, b):
    "Same as a == b."
    return a == b


def ne(a, b):
    "Same as a != b."
    return a != b


def ge(a, b):
    "Same as a >= b."
    return a >= b


def gt(a, b):
    "Same as a > b."
    return a > b


# Truth and identity.

def not_(a):
    "Same as not a."
    return not a


def truth(a):
    "Return True if a is true, False otherwise."
    return True if a else False


def is_(a, b):
    "Same as a is b."
    return a is b


def is_not(a, b):
    "Same as a is not b."
    return a is not b


# Arithmetic and bitwise operators.

def abs(a):
    "Same as abs(a)."
    return _builtin_abs(a)


def add(a, b):
    "Same as a + b."
    return a + b


def and_(a, b):
    "Same as a & b."
    return a & b


def floordiv(a, b):
    "Same as a // b."
    return a // b


def index(a):
    "Same as a.__index__()."
    if isinstance(a, int):
        return int(a)
    method = getattr(type(a), "__index__", None)
    if method is None:
        raise TypeError("'%s' object cannot be interpreted as an integer" % type(a).__name__)
    result = method(a)
    if not isinstance(result, int):
        raise TypeError("__index__ returned non-int (type %s)" % type(result).__name__)
    return int(result)


def inv(a):
    "Same as ~a."
    return ~a


invert = inv


def lshift(a, b):
    "Same as a << b."
    return a << b


def mod(a, b):
    "Same as a % b."
    return a % b


def mul(a, b):
    "Same as a * b."
    return a * b


def matmul(a, b):
    "Same as a @ b."
    return a @ b


def neg(a):
    "Same as -a."
    return -a


def or_(a, b):
    "Same as a | b."
    return a | b


def pos(a):
    "Same as +a."
    return +a


def pow(a, b):
    "Same as a ** b."
    return a ** b


def rshift(a, b):
    "Same as a >> b."
    return a >> b


def sub(a, b):
    "Same as a - b."
    return a - b


def truediv(a, b):
    "Same as a / b."
    return a / b


def xor(a, b):
    "Same as a ^ b."
    return a ^ b


# Sequences.

def _is_sequence(a):
    # CPython's PySequence_Check: the type can be indexed and is not a mapping (dict).
    return not isinstance(a, dict) and hasattr(type(a), "__getitem__")


def concat(a, b):
    "Same as a + b, for a and b sequences."
    if not _is_sequence(a):
        raise TypeError("'%s' object can't be concatenated" % type(a).__name__)
    return a + b


def contains(a, b):
    "Same as b in a (note reversed operands)."
    return b in a


def _iterate(a):
    try:
        return iter(a)
    except TypeError:
        raise TypeError("argument of type '%s' is not iterable" % type(a).__name__) from None


def countOf(a, b):
    "Return the number of items in a which are, or which equal, b."
    n = 0
    for item in _iterate(a):
        if item is b or item == b:
            n += 1
    return n


def indexOf(a, b):
    "Return the first index of b in a."
    i = 0
    for item in _iterate(a):
        if item is b or item == b:
            return i
        i += 1
    raise ValueError("sequence.index(x): x not in sequence")


def getitem(a, b):
    "Same as a[b]."
    return a[b]


def setitem(a, b, c):
    "Same as a[b] = c."
    a[b] = c


def delitem(a, b):
    "Same as del a[b]."
    del a[b]


def length_hint(obj, default=0):
    """An estimate of the number of items in obj: len(obj) if it has one, else what its
    type's __length_hint__ says, else default."""
    if not isinstance(default, int):
        raise TypeError("'%s' object cannot be interpreted as an integer"
                        % type(default).__name__)
    try:
        return len(obj)
    except TypeError:
        pass
    hint = getattr(type(obj), "__length_hint__", None)
    if hint is None:
        return default
    try:
        value = hint(obj)
    except TypeError:
        return default
    if value is NotImplemented:
        return default
    if not isinstance(value, int):
        raise TypeError("__length_hint__ must be an integer, not %s" % type(value).__name__)
    if value < 0:
        raise ValueError("__length_hint__() should return >= 0")
    return value


def call(obj, /, *args, **kwargs):
    "Same as obj(*args, **kwargs)."
    return obj(*args, **kwargs)


# In-place operators: each returns what the augmented assignment leaves in a.

def iadd(a, b):
    "Same as a += b."
    a += b
    return a


def iand(a, b):
    "Same as a &= b."
    a &= b
    return a


def iconcat(a, b):
    "Same as a += b, for a and b sequences."
    if not _is_sequence(a):
        raise TypeError("'%s' object can't be concatenated" % type(a).__name__)
    a += b
    return a


def ifloordiv(a, b):
    "Same as a //= b."
    a //= b
    return a


def ilshift(a, b):
    "Same as a <<= b."
    a <<= b
    return a


def imod(a, b):
    "Same as a %= b."
    a %= b
    return a


def imul(a, b):
    "Same as a *= b."
    a *= b
    return a


def imatmul(a, b):
    "Same as a @= b."
    a @= b
    return a


def ior(a, b):
    "Same as a |= b."
    a |= b
    return a


def ipow(a, b):
    "Same as a **= b."
    a **= b
    return a


def irshift(a, b):
    "Same as a >>= b."
    a >>= b
    return a


def isub(a, b):
    "Same as a -= b."
    a -= b
    return a


def itruediv(a, b):
    "Same as a /= b."
    a /= b
    return a


def ixor(a, b):
    "Same as a ^= b."
    a ^= b
    return a


# Callable objects.

def _one_argument(name, args, kwargs):
    if kwargs:
        raise TypeError("%s() takes no keyword arguments" % name)
    if len(args) != 1:
        raise TypeError("%s expected 1 argument, got %d" % (name, len(args)))
    return args[0]


class itemgetter:
    """itemgetter(item, ...): a callable returning obj[item], or the tuple of obj[item]
    for each item when there are several."""

    def __init__(self, *items, **kwargs):
        if kwargs:
            raise TypeError("itemgetter() takes no keyword arguments")
        if not items:
            raise TypeError("itemgetter expected 1 argument, got 0")
        self._items = items

    def __call__(self, *args, **kwargs):
        obj = _one_argument("itemgetter", args, kwargs)
        if len(self._items) == 1:
            return obj[self._items[0]]
        return tuple([obj[item] for item in self._items])

    def __repr__(self):
        return "operator.itemgetter(%s)" % ", ".join([repr(item) for item in self._items])


class attrgetter:
    """attrgetter(attr, ...): a callable returning obj.attr (a dotted name follows each
    attribute in turn), or the tuple of them when there are several."""

    def __init__(self, *attrs, **kwargs):
        if kwargs:
            raise TypeError("attrgetter() takes no keyword arguments")
        if not attrs:
            raise TypeError("attrgetter expected 1 argument, got 0")
        for attr in attrs:
            if not isinstance(attr, str):
                raise TypeError("attribute name must be a string")
        self._attrs = attrs
        self._paths = tuple([attr.split(".") for attr in attrs])

    def __call__(self, *args, **kwargs):
        obj = _one_argument("attrgetter", args, kwargs)
        if len(self._paths) == 1:
            return _resolve(obj, self._paths[0])
        return tuple([_resolve(obj, path) for path in self._paths])

    def __repr__(self):
        return "operator.attrgetter(%s)" % ", ".join([repr(attr) for attr in self._attrs])


def _resolve(obj, path):
    for name in path:
        obj = getattr(obj, name)
    return obj


class methodcaller:
    """methodcaller(name, /, *args, **kwargs): a callable returning
    obj.name(*args, **kwargs)."""

    def __init__(*args, **kwargs):
        self = args[0]
        if len(args) < 2:
            raise TypeError("methodcaller needs at least one argument, the method name")
        if not isinstance(args[1], str):
            raise TypeError("method name must be a string")
        self._name = args[1]
        self._args = args[2:]
        self._kwargs = kwargs

    def __call__(*args, **kwargs):
        self = args[0]
        obj = _one_argument("methodcaller", args[1:], kwargs)
        return getattr(obj, self._name)(*self._args, **self._kwargs)

    def __repr__(self):
        parts = [repr(self._name)]
        for arg in self._args:
            parts.append(repr(arg))
        for k, v in self._kwargs.items():
            parts.append("%s=%r" % (k, v))
        return "operator.methodcaller(%s)" % ", ".join(parts)


# The dunder aliases.
__lt__ = lt
__le__ = le
__eq__ = eq
__ne__ = ne
__ge__ = ge
__gt__ = gt
__not__ = not_
__abs__ = abs
__add__ = add
__and__ = and_
__floordiv__ = floordiv
__index__ = index
__inv__ = inv
__invert__ = invert
__lshift__ = lshift
__mod__ = mod
__mul__ = mul
__matmul__ = matmul
__neg__ = neg
__or__ = or_
__pos__ = pos
__pow__ = pow
__rshift__ = rshift
__sub__ = sub
__truediv__ = truediv
__xor__ = xor
__concat__ = concat
__contains__ = contains
__delitem__ = delitem
__getitem__ = getitem
__setitem__ = setitem
__iadd__ = iadd
__iand__ = iand
__iconcat__ = iconcat
__ifloordiv__ = ifloordiv
__ilshift__ = ilshift
__imod__ = imod
__imul__ = imul
__imatmul__ = imatmul
__ior__ = ior
__ipow__ = ipow
__irshift__ = irshift
__isub__ = isub
__itruediv__ = itruediv
__ixor__ = ixor
__call__ = call
