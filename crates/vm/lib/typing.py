"""Type hints at run time (`typing`), written for tracelift, with CPython 3.11's reprs,
errors and behaviour on what is here.

Special forms: `Any` (a class, as in 3.11), `NoReturn`, `Never`, `Self`, `LiteralString`,
`TypeAlias`, `ClassVar`, `Final`, `Union` (flattened, deduplicated, `Union[X]` is X, equal
whatever the order, `Union[X, None]` printed as `typing.Optional[X]`), `Optional`,
`Literal`, `Annotated`. Aliases of the builtin and `collections` types and of the
`collections.abc` ABCs: `List`, `Dict`, `Set`, `FrozenSet`, `Tuple` (`Tuple[int, ...]`,
`Tuple[()]`), `Type`, `Deque`, `ChainMap`, `Callable`, `Iterable`, `Iterator`, `Generator`,
`Sequence`, `Mapping`, ... : `X[...]` makes an alias with `__origin__`, `__args__` and
`__parameters__`; the unsubscripted alias answers `isinstance` for its origin, a subscripted
one refuses as CPython does; aliases of instantiable origins can be called. `TypeVar`,
`Generic` (`class Box(Generic[T])`, `Box[int]`, substitution of type variables), `Protocol`
and `runtime_checkable` (structural `isinstance`/`issubclass`), `SupportsInt`,
`SupportsFloat`, `SupportsComplex`, `SupportsIndex`, `SupportsAbs`, `SupportsRound`,
`NewType`, `ForwardRef` (strings in aliases), `cast`, `overload` with `get_overloads` and
`clear_overloads`, `final`, `no_type_check`, `get_origin`, `get_args`, `Text`,
`TYPE_CHECKING`.

Left out: `AnyStr`, `ByteString` and `SupportsBytes` (tracelift has no bytes yet);
`DefaultDict`, `OrderedDict` and `Counter` (their origins wait for subclassing dict in
`collections`); `NamedTuple` and `TypedDict` (they make subclasses of tuple and dict, which
tracelift cannot subclass yet); `get_type_hints` and `ForwardRef` evaluation (no `eval`;
function annotations are not kept either); `ParamSpec`, `Concatenate`, `TypeVarTuple`,
`Unpack`, `TypeGuard`, `Required`/`NotRequired`, `ContextManager`, `Pattern`/`Match`,
`IO`, `dataclass_transform`, `reveal_type`, `assert_type`, `assert_never`, and iterating
an alias (`*Tuple[int]`, which needs `Unpack`). Overloads are kept per function in
definition order (CPython keys them by line, which tracelift's code objects do not have).

Three things tracelift lacks are worked around here:
- Classes get no `__orig_bases__` from the VM. The aliases' `__mro_entries__` note the
  original bases of the class statement being run, and `Generic.__init_subclass__` takes
  them back (when they resolve to the class's bases) to set `__orig_bases__` and
  `__parameters__`.
- There are no frames (`sys._getframe`): `TypeVar` and `NewType` cannot learn the module
  that calls them, so their `__module__` is None, as CPython sets it where `_getframe` is
  missing (a NewType prints as `None.Name`). CPython also lets `abc`'s own recursive checks
  ask a non-runtime protocol (it looks at the calling frame); here `issubclass` refuses a
  non-runtime protocol unless asked from inside another protocol check, and never refuses
  one that inherits a `collections.abc` ABC (whose own checks ask it).
- `type.__repr__(cls)` calls a metaclass's own `__repr__` again, so a subclass of `Any`
  prints as `<class 'module.Name'>` built by hand.
"""

import collections
import collections.abc
from abc import ABCMeta, abstractmethod
from _abc import _own_attr
from _generic_alias import GenericAlias as _BuiltinAlias, UnionType as _UnionType

__all__ = [
    "Annotated", "Any", "Callable", "ClassVar", "Final", "ForwardRef", "Generic", "Literal",
    "Optional", "Protocol", "Tuple", "Type", "TypeVar", "Union",
    "AbstractSet", "Collection", "Container", "ItemsView", "KeysView", "Mapping",
    "MappingView", "MutableMapping", "MutableSequence", "MutableSet", "Sequence", "Sized",
    "ValuesView", "Awaitable", "AsyncIterator", "AsyncIterable", "Coroutine",
    "AsyncGenerator", "Reversible", "SupportsAbs", "SupportsComplex", "SupportsFloat",
    "SupportsIndex", "SupportsInt", "SupportsRound", "ChainMap", "Deque", "Dict",
    "FrozenSet", "List", "Set", "Generator", "Hashable", "Iterable", "Iterator",
    "LiteralString", "Never", "NewType", "NoReturn", "Self", "Text", "TypeAlias",
    "TYPE_CHECKING", "cast", "clear_overloads", "final", "get_args", "get_origin",
    "get_overloads", "no_type_check", "overload", "runtime_checkable",
]

_NoneType = type(None)
_FunctionType = type(lambda: None)

TYPE_CHECKING = False


# ---------------------------------------------------------------------------------------
# Helpers


def _is_dunder(name):
    return name.startswith("__") and name.endswith("__")


def _type_repr(obj):
    """How an argument is written inside an alias's repr (CPython's `_type_repr`)."""
    if isinstance(obj, _BuiltinAlias):
        return repr(obj)
    if isinstance(obj, type):
        if obj.__module__ == "builtins":
            return obj.__qualname__
        return obj.__module__ + "." + obj.__qualname__
    if obj is ...:
        return "..."
    if isinstance(obj, _FunctionType):
        return obj.__name__
    return repr(obj)


def _type_convert(arg):
    """None stands for NoneType, a string for a forward reference."""
    if arg is None:
        return _NoneType
    if isinstance(arg, str):
        return ForwardRef(arg)
    return arg


def _type_check(arg, msg, is_argument=True, allow_special_forms=False):
    """`arg` as a type argument, or TypeError for what cannot be one."""
    invalid = (Generic, Protocol)
    if not allow_special_forms:
        invalid = invalid + (ClassVar,)
        if is_argument:
            invalid = invalid + (Final,)
    arg = _type_convert(arg)
    if isinstance(arg, _GenericAlias) and arg.__origin__ in invalid:
        raise TypeError("%s is not valid as type argument" % (arg,))
    if arg in (Any, LiteralString, NoReturn, Never, Self, TypeAlias):
        return arg
    if allow_special_forms and arg in (ClassVar, Final):
        return arg
    if isinstance(arg, _SpecialForm) or arg in (Generic, Protocol):
        raise TypeError("Plain %s is not valid as type argument" % (arg,))
    if type(arg) is tuple:
        raise TypeError("%s Got %.100r." % (msg, arg))
    return arg


def _collect_parameters(args):
    """The type variables in `args`, in order of first appearance."""
    found = []
    for a in args:
        if isinstance(a, type):
            continue
        if isinstance(a, TypeVar):
            if a not in found:
                found.append(a)
        else:
            for p in getattr(a, "__parameters__", ()):
                if p not in found:
                    found.append(p)
    return tuple(found)


def _check_generic(alias, params, expected):
    if not expected:
        raise TypeError("%s is not a generic class" % (alias,))
    n = len(params)
    if n != expected:
        raise TypeError(
            "Too %s arguments for %s; actual %d, expected %d"
            % ("many" if n > expected else "few", alias, n, expected)
        )


def _deduplicate(params):
    """`params` without repeats (by equality), the first of each kept."""
    out = []
    seen = set()
    for p in params:
        if p not in seen:
            seen.add(p)
            out.append(p)
    return out


# A cache of subscriptions, as CPython's `_tp_cache`: `List[int] is List[int]`. Keys carry
# the arguments' types so that `Literal[1]` and `Literal[True]` stay apart.
_cache = {}


def _tp_cache(func):
    def cached(self, params):
        if isinstance(params, tuple):
            kinds = tuple(type(p) for p in params)
        else:
            kinds = type(params)
        key = (func, self, params, kinds)
        try:
            return _cache[key]
        except KeyError:
            pass
        except TypeError:
            return func(self, params)
        result = func(self, params)
        if len(_cache) >= 512:
            _cache.clear()
        _cache[key] = result
        return result

    cached.__name__ = func.__name__
    cached.__qualname__ = func.__qualname__
    cached.__doc__ = func.__doc__
    return cached


class _Final:
    """Typing's internal classes refuse subclasses made outside this module."""

    __slots__ = ()

    def __init_subclass__(cls, *args, **kwds):
        if "_root" not in kwds:
            raise TypeError("Cannot subclass special typing classes")


# ---------------------------------------------------------------------------------------
# Any and the special forms


class _AnyMeta(type):
    def __instancecheck__(self, obj):
        if self is Any:
            raise TypeError("typing.Any cannot be used with isinstance()")
        return type.__instancecheck__(self, obj)

    def __repr__(self):
        if self is Any:
            return "typing.Any"
        return "<class '%s.%s'>" % (self.__module__, self.__qualname__)


class Any(metaclass=_AnyMeta):
    """Special type indicating an unconstrained type: every type is compatible with it."""

    def __new__(cls, *args, **kwargs):
        if cls is Any:
            raise TypeError("Any cannot be instantiated")
        return object.__new__(cls)


class _SpecialForm(_Final, _root=True):
    """`Union`, `Optional`, `ClassVar`...: an object that only means something subscripted
    (or, for `NoReturn` and the like, on its own)."""

    def __init__(self, getitem):
        self._getitem = getitem
        self._name = getitem.__name__
        self.__doc__ = getitem.__doc__

    def __getattr__(self, item):
        if item in ("__name__", "__qualname__"):
            return self._name
        raise AttributeError(item)

    def __mro_entries__(self, bases):
        raise TypeError("Cannot subclass %r" % (self,))

    def __repr__(self):
        return "typing." + self._name

    def __reduce__(self):
        return self._name

    def __call__(self, *args, **kwds):
        raise TypeError("Cannot instantiate %r" % (self,))

    def __or__(self, other):
        return Union[self, other]

    def __ror__(self, other):
        return Union[other, self]

    def __instancecheck__(self, obj):
        raise TypeError("%s cannot be used with isinstance()" % (self,))

    def __subclasscheck__(self, cls):
        raise TypeError("%s cannot be used with issubclass()" % (self,))

    @_tp_cache
    def __getitem__(self, parameters):
        return self._getitem(self, parameters)


def _not_subscriptable(self, parameters):
    raise TypeError("%s is not subscriptable" % (self,))


def _bare_form(name, doc):
    def getitem(self, parameters):
        return _not_subscriptable(self, parameters)

    getitem.__name__ = name
    getitem.__doc__ = doc
    return _SpecialForm(getitem)


NoReturn = _bare_form("NoReturn", "Special type indicating functions that never return.")
Never = _bare_form("Never", "The bottom type, a type that has no members.")
Self = _bare_form("Self", "Used to spell the type of \"self\" in classes.")
LiteralString = _bare_form("LiteralString", "Represents an arbitrary literal string.")
TypeAlias = _bare_form("TypeAlias", "Special form for marking type aliases.")


@_SpecialForm
def ClassVar(self, parameters):
    """Special type construct to mark class variables."""
    item = _type_check(parameters, "%s accepts only single type." % (self,))
    return _GenericAlias(self, (item,))


@_SpecialForm
def Final(self, parameters):
    """Special typing construct to indicate final names to type checkers."""
    item = _type_check(parameters, "%s accepts only single type." % (self,))
    return _GenericAlias(self, (item,))


@_SpecialForm
def Union(self, parameters):
    """Union type; Union[X, Y] means either X or Y."""
    if parameters == ():
        raise TypeError("Cannot take a Union of no types.")
    if not isinstance(parameters, tuple):
        parameters = (parameters,)
    msg = "Union[arg, ...]: each arg must be a type."
    flat = []
    for p in parameters:
        p = _type_check(p, msg)
        if isinstance(p, (_UnionGenericAlias, _UnionType)):
            flat.extend(p.__args__)
        else:
            flat.append(p)
    params = tuple(_deduplicate(flat))
    if len(params) == 1:
        return params[0]
    if len(params) == 2 and _NoneType in params:
        return _UnionGenericAlias(self, params, name="Optional")
    return _UnionGenericAlias(self, params)


@_SpecialForm
def Optional(self, parameters):
    """Optional[X] is equivalent to Union[X, None]."""
    arg = _type_check(parameters, "%s requires a single type." % (self,))
    return Union[arg, _NoneType]


def _literal_getitem(self, parameters):
    if not isinstance(parameters, tuple):
        parameters = (parameters,)
    flat = []
    for p in parameters:
        if isinstance(p, _LiteralGenericAlias):
            flat.extend(p.__args__)
        else:
            flat.append(p)
    try:
        pairs = _deduplicate([(p, type(p)) for p in flat])
        flat = [p for p, _ in pairs]
    except TypeError:
        pass
    return _LiteralGenericAlias(self, tuple(flat))


_literal_getitem.__name__ = "Literal"
_literal_getitem.__doc__ = "Special typing form to define literal types (a.k.a. value types)."
Literal = _SpecialForm(_literal_getitem)


# ---------------------------------------------------------------------------------------
# Aliases

# The original bases of class statements whose `__mro_entries__` ran (tracelift sets no
# `__orig_bases__`): `Generic.__init_subclass__` takes its class's back.
_pending_bases = []


def _note_bases(bases):
    if not _pending_bases or _pending_bases[-1] is not bases:
        _pending_bases.append(bases)


def _resolve_bases(bases):
    out = []
    for b in bases:
        if isinstance(b, _BaseGenericAlias):
            out.extend(b._entries(bases))
        else:
            out.append(b)
    return tuple(out)


def _take_orig_bases(cls):
    if _pending_bases:
        bases = _pending_bases[-1]
        try:
            same = _resolve_bases(bases) == cls.__bases__
        except TypeError:
            same = False
        if same:
            _pending_bases.pop()
            return bases
    return None


class _BaseGenericAlias(_Final, _root=True):
    """What aliases have in common: the origin, calling it, attribute relaying."""

    __iter__ = None

    def __init__(self, origin, inst=True, name=None):
        self._inst = inst
        self._name = name
        self.__origin__ = origin

    def __call__(self, *args, **kwargs):
        if not self._inst:
            raise TypeError(
                "Type %s cannot be instantiated; use %s() instead"
                % (self._name, self.__origin__.__name__)
            )
        result = self.__origin__(*args, **kwargs)
        try:
            result.__orig_class__ = self
        except (AttributeError, TypeError):
            pass
        return result

    def __mro_entries__(self, bases):
        _note_bases(bases)
        return self._entries(bases)

    def _entries(self, bases):
        res = []
        if self.__origin__ not in bases:
            res.append(self.__origin__)
        i = bases.index(self)
        for b in bases[i + 1:]:
            if isinstance(b, _BaseGenericAlias) or (isinstance(b, type) and issubclass(b, Generic)):
                break
        else:
            res.append(Generic)
        return tuple(res)

    def __getattr__(self, attr):
        if attr in ("__name__", "__qualname__"):
            return self._name or self.__origin__.__name__
        if "__origin__" in self.__dict__ and not _is_dunder(attr):
            return getattr(self.__origin__, attr)
        raise AttributeError(attr)

    def __setattr__(self, attr, val):
        if _is_dunder(attr) or attr in ("_name", "_inst", "_nparams"):
            object.__setattr__(self, attr, val)
        else:
            setattr(self.__origin__, attr, val)

    def __instancecheck__(self, obj):
        return self.__subclasscheck__(type(obj))

    def __subclasscheck__(self, cls):
        raise TypeError("Subscripted generics cannot be used with class and instance checks")


class _GenericAlias(_BaseGenericAlias, _root=True):
    """A subscripted alias: `List[int]`, `Box[T]`, `ClassVar[int]`."""

    def __init__(self, origin, args, inst=True, name=None):
        _BaseGenericAlias.__init__(self, origin, inst, name)
        if not isinstance(args, tuple):
            args = (args,)
        self.__args__ = tuple(... if a is _TypingEllipsis else a for a in args)
        self.__parameters__ = _collect_parameters(args)
        if not name:
            self.__module__ = origin.__module__

    def __eq__(self, other):
        if not isinstance(other, _GenericAlias):
            return NotImplemented
        return self.__origin__ == other.__origin__ and self.__args__ == other.__args__

    def __hash__(self):
        return hash((self.__origin__, self.__args__))

    def __or__(self, right):
        return Union[self, right]

    def __ror__(self, left):
        return Union[left, self]

    @_tp_cache
    def __getitem__(self, args):
        # Substitution: `Dict[str, T][int]` is `Dict[str, int]`.
        if self.__origin__ in (Generic, Protocol):
            raise TypeError("Cannot subscript already-subscripted %s" % (self,))
        if not self.__parameters__:
            raise TypeError("%s is not a generic class" % (self,))
        if not isinstance(args, tuple):
            args = (args,)
        args = tuple(_type_convert(a) for a in args)
        params = self.__parameters__
        if len(args) != len(params):
            raise TypeError(
                "Too %s arguments for %s; actual %d, expected %d"
                % ("many" if len(args) > len(params) else "few", self, len(args), len(params))
            )
        by_param = dict(zip(params, args))
        return self.copy_with(tuple(self._substitute(self.__args__, by_param)))

    def _substitute(self, args, by_param):
        out = []
        for old in args:
            if isinstance(old, type):
                out.append(old)
            elif isinstance(old, TypeVar):
                out.append(old.__typing_subst__(by_param[old]))
            else:
                sub = getattr(old, "__parameters__", ())
                if sub:
                    out.append(old[tuple(by_param[x] for x in sub)])
                else:
                    out.append(old)
        return out

    def copy_with(self, args):
        return self.__class__(self.__origin__, args, name=self._name, inst=self._inst)

    def __repr__(self):
        if self._name:
            name = "typing." + self._name
        else:
            name = _type_repr(self.__origin__)
        if self.__args__:
            args = ", ".join([_type_repr(a) for a in self.__args__])
        else:
            args = "()"
        return name + "[" + args + "]"

    def __mro_entries__(self, bases):
        if isinstance(self.__origin__, _SpecialForm):
            raise TypeError("Cannot subclass %r" % (self,))
        _note_bases(bases)
        return self._entries(bases)

    def _entries(self, bases):
        if self._name:
            return _BaseGenericAlias._entries(self, bases)
        if self.__origin__ is Generic:
            if Protocol in bases:
                return ()
            i = bases.index(self)
            for b in bases[i + 1:]:
                if isinstance(b, _BaseGenericAlias) and b is not self:
                    return ()
        return (self.__origin__,)


class _SpecialGenericAlias(_BaseGenericAlias, _root=True):
    """An unsubscripted alias of a builtin or ABC: `List`, `Iterable`."""

    def __init__(self, origin, nparams, inst=True, name=None):
        if name is None:
            name = origin.__name__
        _BaseGenericAlias.__init__(self, origin, inst, name)
        self._nparams = nparams
        if origin.__module__ == "builtins":
            self.__doc__ = "A generic version of %s." % (origin.__qualname__,)
        else:
            self.__doc__ = "A generic version of %s.%s." % (origin.__module__, origin.__qualname__)

    @_tp_cache
    def __getitem__(self, params):
        if not isinstance(params, tuple):
            params = (params,)
        msg = "Parameters to generic types must be types."
        params = tuple(_type_check(p, msg) for p in params)
        _check_generic(self, params, self._nparams)
        return self.copy_with(params)

    def copy_with(self, params):
        return _GenericAlias(self.__origin__, params, name=self._name, inst=self._inst)

    def __repr__(self):
        return "typing." + self._name

    def __subclasscheck__(self, cls):
        if isinstance(cls, _SpecialGenericAlias):
            return issubclass(cls.__origin__, self.__origin__)
        if not isinstance(cls, _GenericAlias):
            return issubclass(cls, self.__origin__)
        return _BaseGenericAlias.__subclasscheck__(self, cls)

    def __reduce__(self):
        return self._name

    def __or__(self, right):
        return Union[self, right]

    def __ror__(self, left):
        return Union[left, self]


class _TypingEllipsis:
    """Stands for `...` among the arguments while an alias is made."""


class _CallableGenericAlias(_GenericAlias, _root=True):
    def __repr__(self):
        args = self.__args__
        if len(args) == 2 and args[0] is ...:
            return _GenericAlias.__repr__(self)
        return "typing.Callable[[%s], %s]" % (
            ", ".join([_type_repr(a) for a in args[:-1]]),
            _type_repr(args[-1]),
        )


class _CallableType(_SpecialGenericAlias, _root=True):
    def copy_with(self, params):
        return _CallableGenericAlias(self.__origin__, params, name=self._name, inst=self._inst)

    def __getitem__(self, params):
        if not isinstance(params, tuple) or len(params) != 2:
            raise TypeError("Callable must be used as Callable[[arg, ...], result].")
        args, result = params
        if isinstance(args, list):
            params = (tuple(args), result)
        else:
            params = (args, result)
        return self._getitem_inner(params)

    @_tp_cache
    def _getitem_inner(self, params):
        args, result = params
        result = _type_check(result, "Callable[args, result]: result must be a type.")
        if args is ...:
            return self.copy_with((_TypingEllipsis, result))
        if not isinstance(args, tuple):
            args = (args,)
        args = tuple(_type_convert(a) for a in args)
        return self.copy_with(args + (result,))


class _TupleType(_SpecialGenericAlias, _root=True):
    @_tp_cache
    def __getitem__(self, params):
        if not isinstance(params, tuple):
            params = (params,)
        if len(params) >= 2 and params[-1] is ...:
            msg = "Tuple[t, ...]: t must be a type."
            params = tuple(_type_check(p, msg) for p in params[:-1])
            return self.copy_with(params + (_TypingEllipsis,))
        msg = "Tuple[t0, t1, ...]: each t must be a type."
        params = tuple(_type_check(p, msg) for p in params)
        return self.copy_with(params)


class _UnionGenericAlias(_GenericAlias, _root=True):
    def copy_with(self, params):
        return Union[params]

    def __eq__(self, other):
        if not isinstance(other, (_UnionGenericAlias, _UnionType)):
            return NotImplemented
        return set(self.__args__) == set(other.__args__)

    def __hash__(self):
        return hash(frozenset(self.__args__))

    def __repr__(self):
        args = self.__args__
        if len(args) == 2:
            if args[0] is _NoneType:
                return "typing.Optional[%s]" % (_type_repr(args[1]),)
            if args[1] is _NoneType:
                return "typing.Optional[%s]" % (_type_repr(args[0]),)
        return _GenericAlias.__repr__(self)

    def __instancecheck__(self, obj):
        return self.__subclasscheck__(type(obj))

    def __subclasscheck__(self, cls):
        for arg in self.__args__:
            if issubclass(cls, arg):
                return True
        return False


def _value_and_type(params):
    return [(p, type(p)) for p in params]


class _LiteralGenericAlias(_GenericAlias, _root=True):
    def __eq__(self, other):
        if not isinstance(other, _LiteralGenericAlias):
            return NotImplemented
        return set(_value_and_type(self.__args__)) == set(_value_and_type(other.__args__))

    def __hash__(self):
        return hash(frozenset(_value_and_type(self.__args__)))


class _AnnotatedAlias(_GenericAlias, _root=True):
    def __init__(self, origin, metadata):
        if isinstance(origin, _AnnotatedAlias):
            metadata = origin.__metadata__ + metadata
            origin = origin.__origin__
        _GenericAlias.__init__(self, origin, origin)
        self.__metadata__ = metadata

    def copy_with(self, params):
        return _AnnotatedAlias(params[0], self.__metadata__)

    def __repr__(self):
        return "typing.Annotated[%s, %s]" % (
            _type_repr(self.__origin__),
            ", ".join(repr(a) for a in self.__metadata__),
        )

    def __eq__(self, other):
        if not isinstance(other, _AnnotatedAlias):
            return NotImplemented
        return self.__origin__ == other.__origin__ and self.__metadata__ == other.__metadata__

    def __hash__(self):
        return hash((self.__origin__, self.__metadata__))

    def __getattr__(self, attr):
        if attr in ("__name__", "__qualname__"):
            return "Annotated"
        return _BaseGenericAlias.__getattr__(self, attr)


class Annotated:
    """Adds context-specific metadata to a type: `Annotated[int, "unsigned"]`."""

    __slots__ = ()

    def __new__(cls, *args, **kwargs):
        raise TypeError("Type Annotated cannot be instantiated.")

    def __class_getitem__(cls, params):
        if not isinstance(params, tuple):
            params = (params,)
        if len(params) < 2:
            raise TypeError(
                "Annotated[...] should be used with at least two arguments "
                "(a type and an annotation)."
            )
        origin = _type_check(params[0], "Annotated[t, ...]: t must be a type.", allow_special_forms=True)
        return _AnnotatedAlias(origin, tuple(params[1:]))

    def __init_subclass__(cls, *args, **kwargs):
        raise TypeError("Cannot subclass %s.Annotated" % (cls.__module__,))


class ForwardRef(_Final, _root=True):
    """A type written as a string (`List["Node"]`). It cannot be evaluated here (no
    `eval` in tracelift), so `__forward_evaluated__` stays False."""

    def __init__(self, arg, is_argument=True, module=None, is_class=False):
        if not isinstance(arg, str):
            raise TypeError("Forward reference must be a string -- got %r" % (arg,))
        self.__forward_arg__ = arg
        self.__forward_evaluated__ = False
        self.__forward_value__ = None
        self.__forward_is_argument__ = is_argument
        self.__forward_is_class__ = is_class
        self.__forward_module__ = module

    def __eq__(self, other):
        if not isinstance(other, ForwardRef):
            return NotImplemented
        return (
            self.__forward_arg__ == other.__forward_arg__
            and self.__forward_module__ == other.__forward_module__
        )

    def __hash__(self):
        return hash((self.__forward_arg__, self.__forward_module__))

    def __or__(self, other):
        return Union[self, other]

    def __ror__(self, other):
        return Union[other, self]

    def __repr__(self):
        if self.__forward_module__ is None:
            return "ForwardRef(%r)" % (self.__forward_arg__,)
        return "ForwardRef(%r, module=%r)" % (self.__forward_arg__, self.__forward_module__)


# ---------------------------------------------------------------------------------------
# Type variables, Generic, Protocol


class TypeVar(_Final, _root=True):
    """A type variable: `T = TypeVar('T')`, `TypeVar('N', int, float)`,
    `TypeVar('B', bound=Base)`, `TypeVar('T_co', covariant=True)`."""

    def __init__(self, name, *constraints, bound=None, covariant=False, contravariant=False):
        self.__name__ = name
        if covariant and contravariant:
            raise ValueError("Bivariant types are not supported.")
        self.__covariant__ = bool(covariant)
        self.__contravariant__ = bool(contravariant)
        if bound:
            self.__bound__ = _type_check(bound, "Bound must be a type.")
        else:
            self.__bound__ = None
        if constraints and bound is not None:
            raise TypeError("Constraints cannot be combined with bound=...")
        if constraints and len(constraints) == 1:
            raise TypeError("A single constraint is not allowed")
        msg = "TypeVar(name, constraint, ...): constraints must be types."
        self.__constraints__ = tuple(_type_check(t, msg) for t in constraints)
        # CPython sets the caller's module here; tracelift has no frames to find it, so it
        # is None, as in CPython without `sys._getframe`.
        self.__module__ = None

    def __or__(self, right):
        return Union[self, right]

    def __ror__(self, left):
        return Union[left, self]

    def __repr__(self):
        if self.__covariant__:
            prefix = "+"
        elif self.__contravariant__:
            prefix = "-"
        else:
            prefix = "~"
        return prefix + self.__name__

    def __typing_subst__(self, arg):
        return _type_check(arg, "Parameters to generic types must be types.")

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    def __reduce__(self):
        return self.__name__


class Generic:
    """The base of generic classes: `class Box(Generic[T])`, then `Box[int]`."""

    __slots__ = ()
    _is_protocol = False

    @_tp_cache
    def __class_getitem__(cls, params):
        if not isinstance(params, tuple):
            params = (params,)
        params = tuple(_type_convert(p) for p in params)
        if cls in (Generic, Protocol):
            if not params:
                raise TypeError("Parameter list to %s[...] cannot be empty" % (cls.__qualname__,))
            for p in params:
                if not isinstance(p, TypeVar):
                    raise TypeError(
                        "Parameters to %s[...] must all be type variables "
                        "or parameter specification variables." % (cls.__name__,)
                    )
            if len(set(params)) != len(params):
                raise TypeError("Parameters to %s[...] must all be unique" % (cls.__name__,))
        else:
            _check_generic(cls, params, len(cls.__parameters__))
        return _GenericAlias(cls, params)

    def __init_subclass__(cls, *args, **kwargs):
        super().__init_subclass__(*args, **kwargs)
        orig = _take_orig_bases(cls)
        if orig is not None:
            cls.__orig_bases__ = orig
            error = Generic in orig
        else:
            error = Generic in cls.__bases__ and cls.__name__ != "Protocol"
        if error:
            raise TypeError("Cannot inherit from plain Generic")
        tvars = ()
        if orig is not None:
            tvars = _collect_parameters(orig)
            gvars = None
            for base in orig:
                if isinstance(base, _GenericAlias) and base.__origin__ is Generic:
                    if gvars is not None:
                        raise TypeError("Cannot inherit from Generic[...] multiple times.")
                    gvars = base.__parameters__
            if gvars is not None:
                missing = [t for t in tvars if t not in gvars]
                if missing:
                    raise TypeError(
                        "Some type variables (%s) are not listed in Generic[%s]"
                        % (", ".join(str(t) for t in missing), ", ".join(str(g) for g in gvars))
                    )
                tvars = gvars
        cls.__parameters__ = tuple(tvars)


# Names a protocol class does not count among its members.
_EXCLUDED_ATTRIBUTES = frozenset([
    "__parameters__", "__orig_bases__", "__orig_class__", "_is_protocol",
    "_is_runtime_protocol", "__final__", "__abstractmethods__", "__annotations__",
    "__dict__", "__doc__", "__init__", "__module__", "__new__", "__slots__",
    "__subclasshook__", "__weakref__", "__class_getitem__", "__qualname__",
    "_MutableMapping__marker",
])

# The classes outside `typing` a protocol may inherit from.
_PROTO_ALLOWLIST = {
    "collections.abc": [
        "Callable", "Awaitable", "Iterable", "Iterator", "AsyncIterable", "Hashable",
        "Sized", "Container", "Collection", "Reversible",
    ],
}


def _get_protocol_attrs(cls):
    attrs = set()
    for base in cls.__mro__[:-1]:
        if base.__name__ in ("Protocol", "Generic"):
            continue
        annotations = base.__dict__.get("__annotations__", {})
        for attr in list(base.__dict__.keys()) + list(annotations.keys()):
            if not attr.startswith("_abc_") and attr not in _EXCLUDED_ATTRIBUTES:
                attrs.add(attr)
    return attrs


def _is_callable_members_only(cls):
    for attr in _get_protocol_attrs(cls):
        if not callable(getattr(cls, attr, None)):
            return False
    return True


def _own(base, name):
    """(found, value) for `name` defined by class `base` itself."""
    d = getattr(base, "__dict__", None)
    if d is not None:
        if name in d:
            return True, d[name]
        return False, None
    return _own_attr(base, name)


def _no_init_or_replace_init(self, *args, **kwargs):
    cls = type(self)
    if cls._is_protocol:
        raise TypeError("Protocols cannot be instantiated")
    if cls.__init__ is not _no_init_or_replace_init:
        return
    # A class made from a protocol: use the first real `__init__` of its MRO from now on.
    for base in cls.__mro__:
        d = getattr(base, "__dict__", None)
        init = d.get("__init__", _no_init_or_replace_init) if d is not None else object.__init__
        if init is not _no_init_or_replace_init:
            cls.__init__ = init
            break
    cls.__init__(self, *args, **kwargs)


# How deep `isinstance`/`issubclass` checks against protocols are nested: CPython lets a
# check made by the ABC machinery itself pass a non-runtime protocol (it looks at the
# calling frame); here a check nested in another protocol check is taken as one.
_depth = [0]

# Protocols that inherit an ABC from outside typing (`collections.abc.Sized`): that ABC's
# own checks ask them too, which cannot be told from a direct `issubclass` without frames,
# so these never refuse an `issubclass` check.
_asked_by_abcs = set()


class _ProtocolMeta(ABCMeta):
    def __instancecheck__(cls, instance):
        if (
            getattr(cls, "_is_protocol", False)
            and not getattr(cls, "_is_runtime_protocol", False)
            and _depth[0] == 0
        ):
            raise TypeError(
                "Instance and class checks can only be used with @runtime_checkable protocols"
            )
        _depth[0] += 1
        try:
            if (
                not getattr(cls, "_is_protocol", False) or _is_callable_members_only(cls)
            ) and issubclass(type(instance), cls):
                return True
            if cls._is_protocol:
                for attr in _get_protocol_attrs(cls):
                    if not hasattr(instance, attr):
                        break
                    if callable(getattr(cls, attr, None)) and getattr(instance, attr) is None:
                        break
                else:
                    return True
            return ABCMeta.__instancecheck__(cls, instance)
        finally:
            _depth[0] -= 1

    def __subclasscheck__(cls, other):
        _depth[0] += 1
        try:
            return ABCMeta.__subclasscheck__(cls, other)
        finally:
            _depth[0] -= 1


def _make_proto_hook(cls):
    def _proto_hook(other):
        if not cls.__dict__.get("_is_protocol", False):
            return NotImplemented
        reckless = _depth[0] > 1 or cls in _asked_by_abcs
        if not getattr(cls, "_is_runtime_protocol", False):
            if reckless:
                return NotImplemented
            raise TypeError(
                "Instance and class checks can only be used with @runtime_checkable protocols"
            )
        if not _is_callable_members_only(cls):
            if reckless:
                return NotImplemented
            raise TypeError("Protocols with non-method members don't support issubclass()")
        if not isinstance(other, type):
            raise TypeError("issubclass() arg 1 must be a class")
        for attr in _get_protocol_attrs(cls):
            for base in other.__mro__:
                found, value = _own(base, attr)
                if found:
                    if value is None:
                        return NotImplemented
                    break
                annotations = getattr(base, "__annotations__", {})
                if (
                    isinstance(annotations, dict)
                    and attr in annotations
                    and issubclass(other, Generic)
                    and other._is_protocol
                ):
                    break
            else:
                return NotImplemented
        return True

    return _proto_hook


class Protocol(Generic, metaclass=_ProtocolMeta):
    """The base of protocol classes (structural types, PEP 544): a class matches a
    `@runtime_checkable` protocol when it has the protocol's members."""

    __slots__ = ()
    _is_protocol = True
    _is_runtime_protocol = False

    @classmethod
    def __subclasshook__(cls, other):
        return NotImplemented

    def __init_subclass__(cls, *args, **kwargs):
        super().__init_subclass__(*args, **kwargs)
        if not cls.__dict__.get("_is_protocol", False):
            cls._is_protocol = any(b is Protocol for b in cls.__bases__)
        if "__subclasshook__" not in cls.__dict__:
            cls.__subclasshook__ = _make_proto_hook(cls)
        if not cls._is_protocol:
            return
        for base in cls.__mro__[1:]:
            if isinstance(base, ABCMeta) and not issubclass(base, Generic):
                _asked_by_abcs.add(cls)
        for base in cls.__bases__:
            if not (
                base in (object, Generic)
                or base.__module__ in _PROTO_ALLOWLIST
                and base.__name__ in _PROTO_ALLOWLIST[base.__module__]
                or issubclass(base, Generic)
                and base._is_protocol
            ):
                raise TypeError("Protocols can only inherit from other protocols, got %r" % (base,))
        # Protocols cannot be instantiated unless they bring their own __init__.
        for base in cls.__mro__:
            d = getattr(base, "__dict__", None)
            if d is not None and "__init__" in d:
                if d["__init__"] is _no_init_or_replace_init:
                    cls.__init__ = _no_init_or_replace_init
                break
        else:
            cls.__init__ = _no_init_or_replace_init


def runtime_checkable(cls):
    """Marks a protocol class as checkable with isinstance() and issubclass()."""
    if not (isinstance(cls, type) and issubclass(cls, Generic)) or not cls._is_protocol:
        raise TypeError("@runtime_checkable can be only applied to protocol classes, got %r" % (cls,))
    cls._is_runtime_protocol = True
    return cls


T = TypeVar("T")
KT = TypeVar("KT")
VT = TypeVar("VT")
T_co = TypeVar("T_co", covariant=True)
V_co = TypeVar("V_co", covariant=True)
VT_co = TypeVar("VT_co", covariant=True)
T_contra = TypeVar("T_contra", contravariant=True)
CT_co = TypeVar("CT_co", covariant=True, bound=type)
for _tv in (T, KT, VT, T_co, V_co, VT_co, T_contra, CT_co):
    _tv.__module__ = "typing"
del _tv


@runtime_checkable
class SupportsInt(Protocol):
    """An ABC with one abstract method __int__."""

    __slots__ = ()

    @abstractmethod
    def __int__(self):
        pass


@runtime_checkable
class SupportsFloat(Protocol):
    """An ABC with one abstract method __float__."""

    __slots__ = ()

    @abstractmethod
    def __float__(self):
        pass


@runtime_checkable
class SupportsComplex(Protocol):
    """An ABC with one abstract method __complex__."""

    __slots__ = ()

    @abstractmethod
    def __complex__(self):
        pass


@runtime_checkable
class SupportsIndex(Protocol):
    """An ABC with one abstract method __index__."""

    __slots__ = ()

    @abstractmethod
    def __index__(self):
        pass


@runtime_checkable
class SupportsAbs(Protocol[T_co]):
    """An ABC with one abstract method __abs__ that is covariant in its return type."""

    __slots__ = ()

    @abstractmethod
    def __abs__(self):
        pass


@runtime_checkable
class SupportsRound(Protocol[T_co]):
    """An ABC with one abstract method __round__ that is covariant in its return type."""

    __slots__ = ()

    @abstractmethod
    def __round__(self, ndigits=0):
        pass


# ---------------------------------------------------------------------------------------
# The aliases of builtin and collections types


def _alias(origin, nparams, inst=True, name=None):
    return _SpecialGenericAlias(origin, nparams, inst=inst, name=name)


_abc = collections.abc

Hashable = _alias(_abc.Hashable, 0)
Awaitable = _alias(_abc.Awaitable, 1)
Coroutine = _alias(_abc.Coroutine, 3)
AsyncIterable = _alias(_abc.AsyncIterable, 1)
AsyncIterator = _alias(_abc.AsyncIterator, 1)
Iterable = _alias(_abc.Iterable, 1)
Iterator = _alias(_abc.Iterator, 1)
Reversible = _alias(_abc.Reversible, 1)
Sized = _alias(_abc.Sized, 0)
Container = _alias(_abc.Container, 1)
Collection = _alias(_abc.Collection, 1)
Callable = _CallableType(_abc.Callable, 2)
AbstractSet = _alias(_abc.Set, 1, name="AbstractSet")
MutableSet = _alias(_abc.MutableSet, 1)
Mapping = _alias(_abc.Mapping, 2)
MutableMapping = _alias(_abc.MutableMapping, 2)
Sequence = _alias(_abc.Sequence, 1)
MutableSequence = _alias(_abc.MutableSequence, 1)
Tuple = _TupleType(tuple, -1, inst=False, name="Tuple")
List = _alias(list, 1, inst=False, name="List")
Deque = _alias(collections.deque, 1, name="Deque")
Set = _alias(set, 1, inst=False, name="Set")
FrozenSet = _alias(frozenset, 1, inst=False, name="FrozenSet")
MappingView = _alias(_abc.MappingView, 1)
KeysView = _alias(_abc.KeysView, 1)
ItemsView = _alias(_abc.ItemsView, 2)
ValuesView = _alias(_abc.ValuesView, 1)
Dict = _alias(dict, 2, inst=False, name="Dict")
ChainMap = _alias(collections.ChainMap, 2)
Generator = _alias(_abc.Generator, 3)
AsyncGenerator = _alias(_abc.AsyncGenerator, 2)
Type = _alias(type, 1, inst=False, name="Type")

Text = str

del _abc


# ---------------------------------------------------------------------------------------
# Functions


def cast(typ, val):
    """Casts a value to a type: returns the value unchanged (for type checkers)."""
    return val


def _overload_dummy(*args, **kwds):
    raise NotImplementedError(
        "You should not call an overloaded function. "
        "A series of @overload-decorated functions "
        "outside a stub module should always be followed "
        "by an implementation that is not @overload-ed."
    )


# The overloads of each function, by module and qualified name, in definition order.
_overload_registry = {}


def overload(func):
    """Decorator for overloaded functions/methods: records the overload and returns a
    function that refuses to be called."""
    f = getattr(func, "__func__", func)
    try:
        key = (f.__module__, f.__qualname__)
    except AttributeError:
        return _overload_dummy
    _overload_registry.setdefault(key, []).append(func)
    return _overload_dummy


def get_overloads(func):
    """The overloads recorded for `func`, in order."""
    f = getattr(func, "__func__", func)
    module = getattr(f, "__module__", None)
    qualname = getattr(f, "__qualname__", None)
    return list(_overload_registry.get((module, qualname), []))


def clear_overloads():
    """Forgets every recorded overload."""
    _overload_registry.clear()


def final(f):
    """Marks a method or class final (for type checkers); sets `__final__`."""
    try:
        f.__final__ = True
    except (AttributeError, TypeError):
        pass
    return f


def no_type_check(arg):
    """Marks a function, or a class and the methods it defines, as not type checked."""
    if isinstance(arg, type):
        for name, obj in list(arg.__dict__.items()):
            func = getattr(obj, "__func__", obj)
            if isinstance(func, _FunctionType):
                if func.__qualname__ == arg.__qualname__ + "." + func.__name__:
                    func.__no_type_check__ = True
            elif isinstance(obj, type) and obj.__qualname__ == arg.__qualname__ + "." + obj.__name__:
                no_type_check(obj)
    try:
        arg.__no_type_check__ = True
    except (AttributeError, TypeError):
        pass
    return arg


def get_origin(tp):
    """The unsubscripted form of an alias: `get_origin(List[int])` is list."""
    if isinstance(tp, _AnnotatedAlias):
        return Annotated
    if isinstance(tp, (_BaseGenericAlias, _BuiltinAlias)):
        return tp.__origin__
    if tp is Generic:
        return Generic
    if isinstance(tp, _UnionType):
        return _UnionType
    return None


def get_args(tp):
    """The arguments of an alias, Callable's as `([args], result)`."""
    if isinstance(tp, _AnnotatedAlias):
        return (tp.__origin__,) + tp.__metadata__
    if isinstance(tp, (_GenericAlias, _BuiltinAlias)):
        res = tp.__args__
        if (
            tp.__origin__ is collections.abc.Callable
            and not (len(res) == 2 and (res[0] is ... or isinstance(res[0], (list, tuple))))
        ):
            res = (list(res[:-1]), res[-1])
        return res
    if isinstance(tp, _UnionType):
        return tp.__args__
    return ()


def _idfunc(_, x):
    return x


class NewType:
    """A distinct type for type checkers: `UserId = NewType('UserId', int)`; at run time
    `UserId(5)` is 5."""

    __call__ = _idfunc

    def __init__(self, name, tp):
        self.__qualname__ = name
        if "." in name:
            name = name.rpartition(".")[-1]
        self.__name__ = name
        self.__supertype__ = tp
        # The caller's module is unknown without frames: None, as in CPython there.
        self.__module__ = None

    def __mro_entries__(self, bases):
        superclass_name = self.__name__

        class Dummy:
            def __init_subclass__(cls):
                subclass_name = cls.__name__
                raise TypeError(
                    "Cannot subclass an instance of NewType. Perhaps you were looking for: "
                    "`%s = NewType(%r, %s)`" % (subclass_name, subclass_name, superclass_name)
                )

        return (Dummy,)

    def __repr__(self):
        return "%s.%s" % (self.__module__, self.__qualname__)

    def __reduce__(self):
        return self.__qualname__

    def __or__(self, other):
        return Union[self, other]

    def __ror__(self, other):
        return Union[other, self]
