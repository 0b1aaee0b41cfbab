# `dataclasses` for tracelift (crates/vm/lib; docs/stdlib.md): `@dataclass` with init, repr,
# eq, order, unsafe_hash, frozen and match_args; `field`, `fields`, `asdict`, `astuple`,
# `replace`, `is_dataclass`, `MISSING`, `FrozenInstanceError`. CPython writes each method's
# source and `exec`s it; tracelift has no `exec`, so the methods are closures over the field
# list that bind arguments and raise CPython's messages themselves. Left out: `slots=True`,
# `kw_only`, `InitVar` and `ClassVar` fields (they need `typing`).
import copy as _copy

__all__ = ["dataclass", "field", "Field", "FrozenInstanceError", "MISSING", "fields",
           "asdict", "astuple", "make_dataclass", "replace", "is_dataclass"]


class FrozenInstanceError(AttributeError):
    pass


class _MISSING_TYPE:
    def __repr__(self):
        return "<dataclasses._MISSING_TYPE object>"


MISSING = _MISSING_TYPE()

_FIELDS = "__dataclass_fields__"
_PARAMS = "__dataclass_params__"


class Field:
    def __init__(self, default, default_factory, init, repr, hash, compare, metadata):
        self.name = None
        self.type = None
        self.default = default
        self.default_factory = default_factory
        self.init = init
        self.repr = repr
        self.hash = hash
        self.compare = compare
        self.metadata = {} if metadata is None else metadata

    def __repr__(self):
        return ("Field(name=%r,type=%r,default=%r,default_factory=%r,init=%r,repr=%r,"
                "hash=%r,compare=%r,metadata=%r)" % (
                    self.name, self.type, self.default, self.default_factory, self.init,
                    self.repr, self.hash, self.compare, self.metadata))


class _DataclassParams:
    def __init__(self, init, repr, eq, order, unsafe_hash, frozen):
        self.init = init
        self.repr = repr
        self.eq = eq
        self.order = order
        self.unsafe_hash = unsafe_hash
        self.frozen = frozen


def field(*, default=MISSING, default_factory=MISSING, init=True, repr=True, hash=None,
          compare=True, metadata=None, kw_only=MISSING):
    """Information about one field of a dataclass."""
    if default is not MISSING and default_factory is not MISSING:
        raise ValueError("cannot specify both default and default_factory")
    return Field(default, default_factory, init, repr, hash, compare, metadata)


def fields(class_or_instance):
    try:
        fs = getattr(class_or_instance, _FIELDS)
    except AttributeError:
        raise TypeError("must be called with a dataclass type or instance") from None
    return tuple(fs.values())


def is_dataclass(obj):
    cls = obj if isinstance(obj, type) else type(obj)
    return hasattr(cls, _FIELDS)


def _is_dataclass_instance(obj):
    return hasattr(type(obj), _FIELDS)


def asdict(obj, *, dict_factory=dict):
    if not _is_dataclass_instance(obj):
        raise TypeError("asdict() should be called on dataclass instances")
    return _asdict_inner(obj, dict_factory)


def _asdict_inner(obj, dict_factory):
    if _is_dataclass_instance(obj):
        return dict_factory([(f.name, _asdict_inner(getattr(obj, f.name), dict_factory))
                             for f in fields(obj)])
    if isinstance(obj, (list, tuple)):
        return type(obj)(_asdict_inner(v, dict_factory) for v in obj)
    if isinstance(obj, dict):
        return type(obj)((_asdict_inner(k, dict_factory), _asdict_inner(v, dict_factory))
                         for k, v in obj.items())
    return _copy.deepcopy(obj)


def astuple(obj, *, tuple_factory=tuple):
    if not _is_dataclass_instance(obj):
        raise TypeError("astuple() should be called on dataclass instances")
    return _astuple_inner(obj, tuple_factory)


def _astuple_inner(obj, tuple_factory):
    if _is_dataclass_instance(obj):
        return tuple_factory([_astuple_inner(getattr(obj, f.name), tuple_factory)
                              for f in fields(obj)])
    if isinstance(obj, (list, tuple)):
        return type(obj)(_astuple_inner(v, tuple_factory) for v in obj)
    if isinstance(obj, dict):
        return type(obj)((_astuple_inner(k, tuple_factory), _astuple_inner(v, tuple_factory))
                         for k, v in obj.items())
    return _copy.deepcopy(obj)


def replace(obj, **changes):
    if not _is_dataclass_instance(obj):
        raise TypeError("replace() should be called on dataclass instances")
    for f in fields(obj):
        if not f.init:
            if f.name in changes:
                raise ValueError("field %s is declared with init=False, it cannot be "
                                 "specified with replace()" % f.name)
            continue
        if f.name not in changes:
            changes[f.name] = getattr(obj, f.name)
    return obj.__class__(**changes)


def _plural(n, word):
    return "%d %s%s" % (n, word, "" if n == 1 else "s")


def _names(names):
    quoted = ["'%s'" % n for n in names]
    if len(quoted) == 1:
        return quoted[0]
    if len(quoted) == 2:
        return quoted[0] + " and " + quoted[1]
    return ", ".join(quoted[:-1]) + ", and " + quoted[-1]


def _make_init(cls, init_fields, all_fields, frozen, has_post_init):
    qual = cls.__qualname__ + ".__init__"
    names = [f.name for f in init_fields]
    required = [f.name for f in init_fields
                if f.default is MISSING and f.default_factory is MISSING]

    def __init__(self, *args, **kwargs):
        if len(args) > len(names):
            if len(required) == len(names):
                raise TypeError("%s() takes %d positional arguments but %d were given"
                                % (qual, len(names) + 1, len(args) + 1))
            raise TypeError("%s() takes from %d to %d positional arguments but %d were given"
                            % (qual, len(required) + 1, len(names) + 1, len(args) + 1))
        values = dict(zip(names, args))
        for k in kwargs:
            if k not in names:
                raise TypeError("%s() got an unexpected keyword argument '%s'" % (qual, k))
            if k in values:
                raise TypeError("%s() got multiple values for argument '%s'" % (qual, k))
            values[k] = kwargs[k]
        missing = [n for n in required if n not in values]
        if missing:
            raise TypeError("%s() missing %s: %s" % (
                qual, _plural(len(missing), "required positional argument"), _names(missing)))
        for f in all_fields:
            if f.init:
                if f.name in values:
                    v = values[f.name]
                elif f.default_factory is not MISSING:
                    v = f.default_factory()
                else:
                    v = f.default
            elif f.default_factory is not MISSING:
                v = f.default_factory()
            elif f.default is not MISSING:
                v = f.default
            else:
                continue
            if frozen:
                object.__setattr__(self, f.name, v)
            else:
                setattr(self, f.name, v)
        if has_post_init:
            self.__post_init__()

    __init__.__qualname__ = qual
    return __init__


def _make_repr(cls, repr_fields):
    names = [f.name for f in repr_fields]
    running = set()

    def __repr__(self):
        key = id(self)
        if key in running:
            return "..."
        running.add(key)
        try:
            return "%s(%s)" % (self.__class__.__qualname__, ", ".join(
                "%s=%r" % (n, getattr(self, n)) for n in names))
        finally:
            running.discard(key)

    __repr__.__qualname__ = cls.__qualname__ + ".__repr__"
    return __repr__


def _tuple_of(self, names):
    return tuple(getattr(self, n) for n in names)


def _make_compare(cls, names, op):
    def compare(self, other):
        if other.__class__ is self.__class__:
            a, b = _tuple_of(self, names), _tuple_of(other, names)
            if op == "eq":
                return a == b
            if op == "lt":
                return a < b
            if op == "le":
                return a <= b
            if op == "gt":
                return a > b
            return a >= b
        return NotImplemented

    compare.__qualname__ = cls.__qualname__ + ".__%s__" % op
    return compare


def _make_hash(names):
    def __hash__(self):
        return hash(_tuple_of(self, names))
    return __hash__


def _frozen_setattr(self, name, value):
    raise FrozenInstanceError("cannot assign to field '%s'" % name)


def _frozen_delattr(self, name):
    raise FrozenInstanceError("cannot delete field '%s'" % name)


def _set_new_attribute(cls, name, value):
    """Sets a generated method unless the class body defined one; True when it did."""
    if name in cls.__dict__:
        return True
    setattr(cls, name, value)
    return False


def _process_class(cls, init, repr, eq, order, unsafe_hash, frozen, match_args):
    all_fields = {}
    for base in reversed(cls.__mro__[1:]):
        base_fields = getattr(base, _FIELDS, None)
        if base_fields is not None:
            for f in base_fields.values():
                all_fields[f.name] = f
    annotations = cls.__dict__.get("__annotations__", {})
    for name, tp in annotations.items():
        default = cls.__dict__.get(name, MISSING)
        if isinstance(default, Field):
            f = default
        else:
            f = field(default=default)
        f.name = name
        f.type = tp
        if f.default is not MISSING and type(f.default) in (list, dict, set):
            raise ValueError("mutable default %s for field %s is not allowed: use "
                             "default_factory" % (type(f.default), name))
        all_fields[name] = f
        # A class attribute that is a field() becomes its default, or goes.
        if isinstance(default, Field):
            if f.default is MISSING:
                delattr(cls, name)
            else:
                setattr(cls, name, f.default)
    for name, value in cls.__dict__.items():
        if isinstance(value, Field) and name not in annotations:
            raise TypeError("%r is a field but has no type annotation" % name)
    setattr(cls, _FIELDS, all_fields)
    setattr(cls, _PARAMS, _DataclassParams(init, repr, eq, order, unsafe_hash, frozen))
    flist = list(all_fields.values())
    if init:
        seen_default = False
        for f in flist:
            if f.init:
                if not (f.default is MISSING and f.default_factory is MISSING):
                    seen_default = True
                elif seen_default:
                    raise TypeError("non-default argument %r follows default argument" % f.name)
        has_post_init = hasattr(cls, "__post_init__")
        _set_new_attribute(cls, "__init__", _make_init(cls, [f for f in flist if f.init], flist, frozen,
                                                       has_post_init))
    if repr:
        _set_new_attribute(cls, "__repr__", _make_repr(cls, [f for f in flist if f.repr]))
    compared = [f.name for f in flist if f.compare]
    if eq:
        _set_new_attribute(cls, "__eq__", _make_compare(cls, compared, "eq"))
    if order:
        if not eq:
            raise ValueError("eq must be true if order is true")
        for op in ("lt", "le", "gt", "ge"):
            name = "__%s__" % op
            if _set_new_attribute(cls, name, _make_compare(cls, compared, op)):
                raise TypeError("Cannot overwrite attribute %s in class %s. Consider using "
                                "functools.total_ordering" % (name, cls.__name__))
    if frozen:
        for name, fn in (("__setattr__", _frozen_setattr), ("__delattr__", _frozen_delattr)):
            if _set_new_attribute(cls, name, fn):
                raise TypeError("Cannot overwrite attribute %s in class %s" % (name, cls.__name__))
    hashed = [f.name for f in flist if (f.compare if f.hash is None else f.hash)]
    has_own_hash = "__hash__" in cls.__dict__ and cls.__dict__["__hash__"] is not None
    if unsafe_hash:
        if has_own_hash:
            raise TypeError("Cannot overwrite attribute __hash__ in class %s" % cls.__name__)
        setattr(cls, "__hash__", _make_hash(hashed))
    elif eq and frozen:
        if not has_own_hash:
            setattr(cls, "__hash__", _make_hash(hashed))
    elif eq:
        if not has_own_hash:
            setattr(cls, "__hash__", None)
    if match_args and "__match_args__" not in cls.__dict__:
        setattr(cls, "__match_args__", tuple(f.name for f in flist if f.init))
    return cls


def dataclass(cls=None, /, *, init=True, repr=True, eq=True, order=False, unsafe_hash=False,
              frozen=False, match_args=True, kw_only=False, slots=False, weakref_slot=False):
    """Adds __init__, __repr__, __eq__ and friends to a class from its annotated fields."""
    if kw_only or slots or weakref_slot:
        raise NotImplementedError("dataclass(kw_only=, slots=, weakref_slot=) is not in tracelift yet")

    def wrap(cls):
        return _process_class(cls, init, repr, eq, order, unsafe_hash, frozen, match_args)

    if cls is None:
        return wrap
    return wrap(cls)
