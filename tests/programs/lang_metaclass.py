# Metaclasses: class M(type), metaclass=, __new__/__init__/__call__/__prepare__ of the
# metaclass, metaclass methods and properties seen on the class, the most derived
# metaclass, class keyword arguments, __init_subclass__, __set_name__ and 3-argument type().

class Registry(type):
    classes = []

    def __new__(mcs, name, bases, ns, **kw):
        ns["made_by"] = mcs.__name__
        cls = super().__new__(mcs, name, bases, ns)
        Registry.classes.append(name)
        return cls

    def __init__(cls, name, bases, ns, **kw):
        super().__init__(name, bases, ns)
        cls.options = kw

    def describe(cls):
        return f"{cls.__name__} made by {cls.made_by}"

    @property
    def size(cls):
        return len(cls.__dict__)


class Plugin(metaclass=Registry):
    pass


class Audio(Plugin, kind="audio"):
    def play(self):
        return "playing"


print(Registry.classes, type(Plugin).__name__, type(Audio) is Registry)
print(Audio.describe(), Audio.options, Plugin.options)
print(Audio().play(), Audio.made_by, isinstance(Audio, Registry), isinstance(Audio(), Plugin))
print(Audio.size > 0, hasattr(Audio(), "describe"))


# A metaclass __call__ that caches instances.
class Singleton(type):
    def __call__(cls, *args, **kw):
        if "_instance" not in cls.__dict__:
            cls._instance = super().__call__(*args, **kw)
        return cls._instance


class Config(metaclass=Singleton):
    def __init__(self, value=0):
        self.value = value


a = Config(5)
b = Config(7)
print(a is b, a.value, b.value)


# Class-level dunders from the metaclass: iteration, len, indexing, containment, repr.
class Catalog(type):
    def __iter__(cls):
        return iter(sorted(k for k in cls.__dict__ if not k.startswith("_")))

    def __len__(cls):
        return len(list(iter(cls)))

    def __getitem__(cls, key):
        return getattr(cls, key)

    def __contains__(cls, key):
        return key in cls.__dict__

    def __repr__(cls):
        return f"<catalog {cls.__name__}>"


class Colors(metaclass=Catalog):
    red = 1
    green = 2
    blue = 3


print(list(Colors), len(Colors), Colors["green"], "red" in Colors, "pink" in Colors, Colors)


# __prepare__ gives the body its namespace.
class Ordered(type):
    @classmethod
    def __prepare__(mcs, name, bases, **kw):
        ns = {"prepared": True}
        return ns

    def __new__(mcs, name, bases, ns, **kw):
        cls = super().__new__(mcs, name, bases, ns)
        cls.names = [k for k in ns if not k.startswith("__")]
        return cls


class Fields(metaclass=Ordered):
    z = 1
    a = 2


print(Fields.prepared, Fields.names)


# __init_subclass__ with keywords; __set_name__.
class Shape:
    registry = {}

    def __init_subclass__(cls, sides=0, **kw):
        super().__init_subclass__(**kw)
        cls.sides = sides
        Shape.registry[cls.__name__] = sides


class Triangle(Shape, sides=3): pass
class Square(Shape, sides=4): pass


print(Shape.registry, Triangle.sides)


class Named:
    def __set_name__(self, owner, name):
        self.name = owner.__name__ + "." + name

    def __get__(self, obj, owner):
        return self.name


class Holder:
    first = Named()
    second = Named()


print(Holder.first, Holder().second)

# An unexpected class keyword.
try:
    class Bad(kw=1): pass
except TypeError as e:
    print("TypeError:", e)


# Three-argument type(), with a base and methods.
def hello(self):
    return "hello from " + type(self).__name__


Dyn = type("Dyn", (Plugin,), {"hello": hello, "x": 5})
print(Dyn.__name__, Dyn().hello(), Dyn.x, type(Dyn).__name__, Dyn.__mro__[1].__name__)
print(Dyn.__module__, Registry.classes[-1])
Simple = type("Simple", (), {})
print(Simple, Simple.__bases__, type(Simple()))

# The most derived metaclass wins; unrelated ones conflict.
class Meta2(Registry): pass
class Child(Audio, metaclass=Meta2): pass
print(type(Child).__name__)
class Other(type): pass
try:
    class Clash(Audio, metaclass=Other): pass
except TypeError as e:
    print("TypeError:", e)

try:
    type("T", 1, {})
except TypeError as e:
    print("TypeError:", e)
try:
    type("a", "b")
except TypeError as e:
    print("TypeError:", e)

# A hot loop that builds instances through the metaclass __call__ and reads
# metaclass-provided attributes.
total = 0
for i in range(300):
    total += Config().value + len(Colors) + Audio.options.__len__()
print(total)
