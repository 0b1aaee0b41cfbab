# The objects type expressions make, for tracelift's VM and the shipped `types` module
# (crates/vm/lib; docs/stdlib.md): `GenericAlias` (`list[int]`) and `UnionType`
# (`int | None`), with CPython's reprs, equality and hashing. The VM loads this module by
# its shipped name (a program's own `types.py` does not replace it): subscripting a builtin
# generic type calls `GenericAlias`, `|` between types calls `_union`.

NoneType = type(None)


def _repr_item(obj):
    # CPython's ga_repr_item / union_repr_item.
    if obj is ...:
        return "..."
    if obj is NoneType:
        return "None"
    if isinstance(obj, (GenericAlias, UnionType)):
        return repr(obj)
    if isinstance(obj, type):
        if obj.__module__ == "builtins":
            return obj.__qualname__
        return obj.__module__ + "." + obj.__qualname__
    return repr(obj)


class GenericAlias:
    """`list[int]`: a generic type with its arguments."""

    def __init__(self, origin, args):
        if not isinstance(args, tuple):
            args = (args,)
        self.__origin__ = origin
        self.__args__ = args
        self.__parameters__ = ()

    def __repr__(self):
        if not self.__args__:
            return _repr_item(self.__origin__) + "[()]"
        return _repr_item(self.__origin__) + "[" + ", ".join(_repr_item(a) for a in self.__args__) + "]"

    def __eq__(self, other):
        if not isinstance(other, GenericAlias):
            return NotImplemented
        return self.__origin__ == other.__origin__ and self.__args__ == other.__args__

    def __hash__(self):
        return hash(self.__origin__) ^ hash(self.__args__)

    def __call__(self, *args, **kwargs):
        return self.__origin__(*args, **kwargs)

    def __or__(self, other):
        return _union(self, other)

    def __ror__(self, other):
        return _union(other, self)

    def __mro_entries__(self, bases):
        return (self.__origin__,)


class UnionType:
    """`int | None`: the union of types."""

    def __init__(self, args):
        self.__args__ = args

    def __repr__(self):
        return " | ".join(_repr_item(a) for a in self.__args__)

    def __eq__(self, other):
        if not isinstance(other, UnionType):
            return NotImplemented
        return set(self.__args__) == set(other.__args__)

    def __hash__(self):
        return hash(frozenset(self.__args__))

    def __or__(self, other):
        return _union(self, other)

    def __ror__(self, other):
        return _union(other, self)


def _union_arg(x):
    if x is None:
        return NoneType
    if isinstance(x, (type, GenericAlias, UnionType)):
        return x
    return NotImplemented


def _union(a, b):
    a, b = _union_arg(a), _union_arg(b)
    if a is NotImplemented or b is NotImplemented:
        return NotImplemented
    args = []
    for x in (a, b):
        for t in (x.__args__ if isinstance(x, UnionType) else (x,)):
            if t not in args:
                args.append(t)
    if len(args) == 1:
        return args[0]
    return UnionType(tuple(args))
