"""Abstract base classes (PEP 3119), written for tracelift.

`ABCMeta` (with `register`, `__instancecheck__`, `__subclasscheck__`, `__subclasshook__`
support and the `__abstractmethods__` that make a class with unimplemented abstract methods
refuse to be instantiated), `ABC`, `abstractmethod`, `abstractclassmethod`,
`abstractstaticmethod`, `abstractproperty`, `get_cache_token`, `update_abstractmethods`.

CPython keeps the registry and caches in weak sets; tracelift has no weak references, so
here they are plain sets: a registered class stays alive as long as the ABC does. The
deprecated `abstractclassmethod`, `abstractstaticmethod` and `abstractproperty` are
functions that return the marked descriptor (CPython's are subclasses of `classmethod`,
`staticmethod` and `property`, which tracelift cannot subclass yet): using them is the
same, `isinstance(x, abstractproperty)` is not.
"""


def abstractmethod(funcobj):
    """Marks a method abstract: a class that does not override it cannot be instantiated."""
    funcobj.__isabstractmethod__ = True
    return funcobj


def abstractclassmethod(callable):
    """Deprecated spelling of `@classmethod` over `@abstractmethod`."""
    callable.__isabstractmethod__ = True
    return classmethod(callable)


def abstractstaticmethod(callable):
    """Deprecated spelling of `@staticmethod` over `@abstractmethod`."""
    callable.__isabstractmethod__ = True
    return staticmethod(callable)


def abstractproperty(fget=None, fset=None, fdel=None, doc=None):
    """Deprecated spelling of `@property` over `@abstractmethod`."""
    if fget is not None:
        fget.__isabstractmethod__ = True
    return property(fget, fset, fdel, doc)


_cache_token = [0]


def get_cache_token():
    """A token that changes whenever any ABC's registry does."""
    return _cache_token[0]


def _is_abstract(value):
    return getattr(value, "__isabstractmethod__", False)


def _compute_abstracts(cls):
    abstracts = set()
    for name, value in cls.__dict__.items():
        if _is_abstract(value):
            abstracts.add(name)
    for base in cls.__bases__:
        for name in getattr(base, "__abstractmethods__", ()):
            if _is_abstract(getattr(cls, name, None)):
                abstracts.add(name)
    return frozenset(abstracts)


class ABCMeta(type):
    """The metaclass of abstract base classes."""

    def __new__(mcls, name, bases, namespace, **kwargs):
        cls = super().__new__(mcls, name, bases, namespace, **kwargs)
        cls.__abstractmethods__ = _compute_abstracts(cls)
        cls._abc_registry = set()
        cls._abc_cache = set()
        cls._abc_negative_cache = set()
        cls._abc_negative_cache_version = _cache_token[0]
        return cls

    def register(cls, subclass):
        """Registers a virtual subclass; returns it (so this works as a class decorator)."""
        if not isinstance(subclass, type):
            raise TypeError("Can only register classes")
        if issubclass(subclass, cls):
            return subclass
        if issubclass(cls, subclass):
            raise RuntimeError("Refusing to create an inheritance cycle")
        cls._abc_registry.add(subclass)
        _cache_token[0] += 1
        return subclass

    def __instancecheck__(cls, instance):
        subclass = instance.__class__
        if subclass in cls._abc_cache:
            return True
        subtype = type(instance)
        if subtype is subclass:
            if cls._abc_negative_cache_version == _cache_token[0] and subclass in cls._abc_negative_cache:
                return False
            return cls.__subclasscheck__(subclass)
        return any(cls.__subclasscheck__(c) for c in (subclass, subtype))

    def __subclasscheck__(cls, subclass):
        if not isinstance(subclass, type):
            raise TypeError("issubclass() arg 1 must be a class")
        if subclass in cls._abc_cache:
            return True
        if cls._abc_negative_cache_version < _cache_token[0]:
            cls._abc_negative_cache = set()
            cls._abc_negative_cache_version = _cache_token[0]
        elif subclass in cls._abc_negative_cache:
            return False
        ok = cls.__subclasshook__(subclass)
        if ok is not NotImplemented:
            if ok:
                cls._abc_cache.add(subclass)
            else:
                cls._abc_negative_cache.add(subclass)
            return ok
        if cls in getattr(subclass, "__mro__", ()):
            cls._abc_cache.add(subclass)
            return True
        for rcls in cls._abc_registry:
            if issubclass(subclass, rcls):
                cls._abc_cache.add(subclass)
                return True
        for scls in cls.__subclasses__():
            if issubclass(subclass, scls):
                cls._abc_cache.add(subclass)
                return True
        cls._abc_negative_cache.add(subclass)
        return False

    def _abc_registry_clear(cls):
        cls._abc_registry = set()

    def _abc_caches_clear(cls):
        cls._abc_cache = set()
        cls._abc_negative_cache = set()


def update_abstractmethods(cls):
    """Recomputes `cls.__abstractmethods__` after methods were added or removed."""
    if not hasattr(cls, "__abstractmethods__"):
        return cls
    cls.__abstractmethods__ = _compute_abstracts(cls)
    return cls


class ABC(metaclass=ABCMeta):
    """A helper class whose metaclass is ABCMeta: `class C(ABC)`."""

    __slots__ = ()

    @classmethod
    def __subclasshook__(cls, subclass):
        return NotImplemented
