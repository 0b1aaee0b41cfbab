"""Enumerations, written for tracelift, with CPython 3.11's behaviour on what is here.

`Enum`, `IntEnum`, `StrEnum`, `ReprEnum`, `EnumType` (alias `EnumMeta`), `auto`, `unique`, and the
functional API `Enum('Name', 'A B C')` (names as a string, a list of names, a list of pairs
or a mapping). Members are singletons compared by identity; aliases (a second name for a
value) are the first member; `Color(1)` and `Color['RED']` look members up, `_missing_`
is asked for unknown values; iteration, `len`, `in`, `reversed` and `__members__` work on
the class; a member cannot be rebound. `auto()` counts up from the last int value (CPython
3.11's `_generate_next_value_`), a class may define its own `_generate_next_value_`, and a
member whose value is a tuple is passed to the class's `__init__` unpacked.

Left out: `Flag` and `IntFlag`, `verify`, `member`/`nonmember`, `global_enum`, `_ignore_`,
and the detection of a name defined twice in a class body (CPython sees it through its
`_EnumDict` namespace; here the body's namespace is a plain dict). `__members__` is a new
dict each time instead of a read-only view.
"""

__all__ = ["EnumType", "EnumMeta", "Enum", "ReprEnum", "IntEnum", "StrEnum", "auto", "unique"]

_auto_null = object()


class auto:
    """A member value chosen by `_generate_next_value_`."""

    def __init__(self, value=_auto_null):
        self.value = value

    def __repr__(self):
        return "auto(%r)" % (self.value,)


def _is_dunder(name):
    return len(name) > 4 and name[:2] == name[-2:] == "__" and name[2] != "_" and name[-3] != "_"


def _is_sunder(name):
    return len(name) > 2 and name[0] == name[-1] == "_" and name[1] != "_" and name[-2] != "_"


def _is_descriptor(obj):
    return hasattr(obj, "__get__") or hasattr(obj, "__set__") or hasattr(obj, "__delete__")


def _is_private(cls_name, name):
    pattern = "_%s__" % (cls_name.lstrip("_"),)
    return len(name) > len(pattern) and name.startswith(pattern) and not name.endswith("_")


def _member_candidates(cls_name, ns):
    """The names and values of a class body that become members, in order."""
    out = []
    for key, value in ns.items():
        if _is_dunder(key) or _is_sunder(key) or _is_private(cls_name, key):
            continue
        if _is_descriptor(value) or callable(value) and not isinstance(value, auto):
            continue
        out.append((key, value))
    return out


def _find_data_type(bases):
    """The builtin type members are made from (`int` for IntEnum), or None."""
    for chain in bases:
        for base in chain.__mro__:
            if base is object or isinstance(base, EnumType):
                continue
            if base in (int, str, float):
                return base
            if "__new__" in getattr(base, "__dict__", {}):
                return base
    return None


def _builtin_owner(enum_class, name, data_type):
    """Does `enum_class` get `name` from a builtin type (its data type or `object`) rather
    than from a class written in Python?"""
    for klass in enum_class.__mro__[1:]:
        if klass is data_type or klass is object:
            return True
        if name in getattr(klass, "__dict__", {}):
            return False
    return True


class EnumType(type):
    """The metaclass of enumerations."""

    def __new__(metacls, cls, bases, classdict, **kwds):
        members = _member_candidates(cls, classdict)
        body = dict(classdict)
        for name, _ in members:
            del body[name]
        for base in bases:
            if isinstance(base, EnumType) and base._member_names_:
                raise TypeError("<enum %r> cannot extend %r" % (cls, base))
        enum_class = super().__new__(metacls, cls, bases, body, **kwds)
        type.__setattr__(enum_class, "_member_names_", [])
        type.__setattr__(enum_class, "_member_map_", {})
        type.__setattr__(enum_class, "_value2member_map_", {})
        data_type = _find_data_type(bases)
        type.__setattr__(enum_class, "_member_type_", data_type or object)
        # With a data type mixed in (IntEnum), the data type's repr and friends, found first
        # in the MRO, give way to the enum's unless the class body wrote its own.
        first_enum = next((b for b in enum_class.__mro__[1:] if isinstance(b, EnumType)), None)
        if data_type is not None and first_enum is not None:
            for name in ("__repr__", "__str__", "__format__"):
                if name not in classdict and _builtin_owner(enum_class, name, data_type):
                    type.__setattr__(enum_class, name, getattr(first_enum, name))
            # Calling the class looks a member up (`Color("red")`); the data type's
            # `__new__`, ahead of Enum's in the MRO, only makes the members.
            if "__new__" not in classdict:
                type.__setattr__(enum_class, "__new__", first_enum.__new__)
        last_values = []
        for name, value in members:
            if isinstance(value, auto):
                if value.value is _auto_null:
                    value.value = enum_class._generate_next_value_(
                        name, 1, len(enum_class._member_names_), last_values[:]
                    )
                value = value.value
            enum_class._add_member(name, value, data_type)
            last_values.append(value)
        return enum_class

    def _add_member(cls, name, value, data_type):
        args = value if isinstance(value, tuple) else (value,)
        if data_type is None:
            member = object.__new__(cls)
            member_value = value
        else:
            make = getattr(cls, "_new_member_", None) or data_type.__new__
            member = make(cls, *args)
            member_value = data_type(*args)
        if "_value_" not in getattr(member, "__dict__", {}):
            member._value_ = member_value
        member._name_ = name
        member.__objclass__ = cls
        init = None
        for klass in cls.__mro__:
            own = getattr(klass, "__dict__", {})  # builtin types have none here
            if "__init__" in own:
                init = own["__init__"]
                break
        if init is not None and init is not Enum.__dict__["__init__"]:
            init(member, *args)
        for other in cls._member_map_.values():
            if other._value_ == member._value_:
                member = other
                break
        else:
            cls._member_names_.append(name)
        cls._member_map_[name] = member
        try:
            cls._value2member_map_.setdefault(member._value_, member)
        except TypeError:
            pass
        type.__setattr__(cls, name, member)

    def __call__(cls, value, names=None, *, module=None, qualname=None, type=None, start=1):
        if names is None:
            return cls.__new__(cls, value)
        return cls._create_(value, names, module=module, qualname=qualname, type=type, start=start)

    def _create_(cls, class_name, names, *, module=None, qualname=None, type=None, start=1):
        bases = (cls,) if type is None else (type, cls)
        if isinstance(names, str):
            names = names.replace(",", " ").split()
        if isinstance(names, (tuple, list)) and names and isinstance(names[0], str):
            original, names, last = names, [], []
            for count, name in enumerate(original):
                value = cls._generate_next_value_(name, start, count, last[:])
                last.append(value)
                names.append((name, value))
        classdict = {}
        items = names.items() if isinstance(names, dict) else names
        for item in items:
            if isinstance(item, str):
                classdict[item] = auto()
            else:
                classdict[item[0]] = item[1]
        classdict["__module__"] = module if module is not None else "__main__"
        if qualname is not None:
            classdict["__qualname__"] = qualname
        return EnumType.__new__(EnumType, class_name, bases, classdict)

    def __contains__(cls, member):
        if not isinstance(member, Enum):
            raise TypeError(
                "unsupported operand type(s) for 'in': '%s' and '%s'"
                % (type(member).__qualname__, cls.__class__.__qualname__)
            )
        return isinstance(member, cls) and member._name_ in cls._member_map_

    def __delattr__(cls, attr):
        if attr in cls._member_map_:
            raise AttributeError("%r cannot delete member %r." % (cls.__name__, attr))
        super().__delattr__(attr)

    def __getitem__(cls, name):
        return cls._member_map_[name]

    def __iter__(cls):
        return (cls._member_map_[name] for name in cls._member_names_)

    def __reversed__(cls):
        return (cls._member_map_[name] for name in reversed(cls._member_names_))

    def __len__(cls):
        return len(cls._member_names_)

    def __bool__(cls):
        return True

    @property
    def __members__(cls):
        return dict(cls._member_map_)

    def __repr__(cls):
        return "<enum %r>" % (cls.__name__,)

    def __setattr__(cls, name, value):
        member_map = cls.__dict__.get("_member_map_", {})
        if name in member_map:
            raise AttributeError("cannot reassign member %r" % (name,))
        super().__setattr__(name, value)


EnumMeta = EnumType


class Enum(metaclass=EnumType):
    """An enumeration: `class Color(Enum): RED = 1`."""

    def __new__(cls, value):
        if type(value) is cls:
            return value
        try:
            return cls._value2member_map_[value]
        except (KeyError, TypeError):
            for member in cls._member_map_.values():
                if member._value_ == value:
                    return member
        result = cls._missing_(value)
        if isinstance(result, cls):
            return result
        if result is None:
            raise ValueError("%r is not a valid %s" % (value, cls.__qualname__))
        raise TypeError(
            "error in %s._missing_: returned %r instead of None or a valid member" % (cls.__name__, result)
        )

    def __init__(self, *args, **kwds):
        pass

    @staticmethod
    def _generate_next_value_(name, start, count, last_values):
        for value in reversed(last_values):
            try:
                return value + 1
            except TypeError:
                pass
        return start

    @classmethod
    def _missing_(cls, value):
        return None

    def __repr__(self):
        v_repr = self.__class__._value_repr_ or repr
        return "<%s.%s: %s>" % (self.__class__.__name__, self._name_, v_repr(self._value_))

    _value_repr_ = None

    def __str__(self):
        return "%s.%s" % (self.__class__.__name__, self._name_)

    def __format__(self, format_spec):
        return str.__format__(str(self), format_spec)

    def __dir__(self):
        names = ["__class__", "__doc__", "__eq__", "__hash__", "__module__", "name", "value"]
        names += [n for n in self.__class__.__dict__ if not n.startswith("_") and n not in names]
        return sorted(names)

    def __hash__(self):
        return hash(self._name_)

    def __reduce_ex__(self, proto):
        return self.__class__, (self._value_,)

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    @property
    def name(self):
        return self._name_

    @property
    def value(self):
        return self._value_


class ReprEnum(Enum):
    """An enum whose members keep their data type's `str()` and `format()`."""


class IntEnum(int, ReprEnum):
    """An enum whose members are also ints (and compare equal to them)."""

    def __str__(self):
        return int.__repr__(self)

    def __format__(self, format_spec):
        return int.__format__(int(self), format_spec)


class StrEnum(str, ReprEnum):
    """An enum whose members are also strs (and compare equal to them)."""

    __str__ = str.__str__
    __format__ = str.__format__

    @staticmethod
    def _new_member_(cls, *values):
        # CPython 3.11's StrEnum.__new__, which makes each member.
        if len(values) > 3:
            raise TypeError("too many arguments for str(): %r" % (values,))
        if len(values) == 1 and not isinstance(values[0], str):
            raise TypeError("%r is not a string" % (values[0],))
        if len(values) >= 2 and not isinstance(values[1], str):
            raise TypeError("encoding must be a string, not %r" % (values[1],))
        if len(values) == 3 and not isinstance(values[2], str):
            raise TypeError("errors must be a string, not %r" % (values[2]))
        value = str(*values)
        member = str.__new__(cls, value)
        member._value_ = value
        return member

    @staticmethod
    def _generate_next_value_(name, start, count, last_values):
        """The lower-cased member name."""
        return name.lower()


def unique(enumeration):
    """Class decorator: no two names of `enumeration` may share a value."""
    duplicates = []
    for name, member in enumeration.__members__.items():
        if name != member._name_:
            duplicates.append((name, member._name_))
    if duplicates:
        alias_details = ", ".join("%s -> %s" % (alias, name) for alias, name in duplicates)
        raise ValueError("duplicate values found in %r: %s" % (enumeration, alias_details))
    return enumeration
