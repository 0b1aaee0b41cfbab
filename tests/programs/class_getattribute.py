# __getattribute__ overrides every attribute load (methods too); object.__getattribute__
# inside it is the normal lookup; an AttributeError from it falls back to __getattr__;
# __delattr__ and __setattr__ overrides; a loop keeps the loads unspecialized.

class Logged:
    def __init__(self):
        self.x = 1
        self.log = []

    def __getattribute__(self, name):
        if name not in ("log", "__dict__", "__class__"):
            object.__getattribute__(self, "log").append(name)
        return object.__getattribute__(self, name)

    def method(self):
        return "m"


o = Logged()
print(o.x, o.method(), o.log)
try:
    o.missing
except AttributeError as e:
    print("AttributeError", e)
print(o.log)


class Fallback:
    def __getattribute__(self, name):
        if name.startswith("virtual_"):
            raise AttributeError(name)
        return object.__getattribute__(self, name)

    def __getattr__(self, name):
        return "fallback:" + name


f = Fallback()
f.real = 5
print(f.real, f.virtual_thing, getattr(f, "virtual_x"), hasattr(f, "virtual_y"))


class Upper:
    def __getattribute__(self, name):
        return name.upper()


u = Upper()
print(u.abc, u.method, getattr(u, "q"))


class Proxy:
    def __init__(self, target):
        object.__setattr__(self, "_target", target)

    def __getattribute__(self, name):
        target = object.__getattribute__(self, "_target")
        return getattr(target, name)

    def __setattr__(self, name, value):
        setattr(object.__getattribute__(self, "_target"), name, value)

    def __delattr__(self, name):
        delattr(object.__getattribute__(self, "_target"), name)


class Box:
    def __init__(self):
        self.v = 1

    def double(self):
        return self.v * 2


b = Box()
p = Proxy(b)
p.v = 21
print(p.v, p.double(), b.v)
del p.v
print(hasattr(b, "v"))


class Guarded:
    def __init__(self):
        self.a = 1

    def __delattr__(self, name):
        if name == "a":
            raise AttributeError("a is protected")
        object.__delattr__(self, name)


g = Guarded()
g.b = 2
del g.b
try:
    del g.a
except AttributeError as e:
    print("AttributeError", e)
print(g.a, hasattr(g, "b"))


# Added after instances exist: the next loads ask it.
class Late:
    def __init__(self):
        self.v = 3


late = Late()
total = 0
for i in range(300):
    total += late.v
    if i == 150:
        Late.__getattribute__ = lambda self, name: 100
print(total)

# A class __setattr__ runs even for a property's name; object.__setattr__ then uses the
# property's setter.
class Temp:
    def __init__(self):
        self._c = 0

    @property
    def c(self):
        return self._c

    @c.setter
    def c(self, v):
        self._c = v

    def __setattr__(self, name, value):
        print("setattr", name, value)
        object.__setattr__(self, name, value)


t = Temp()
t.c = 5
print(t.c)


# del through a data descriptor's __delete__; a class's __module__ can be set.
class Desc:
    def __get__(self, obj, owner):
        return 1

    def __set__(self, obj, value):
        pass

    def __delete__(self, obj):
        print("descriptor delete")


class HasDesc:
    d = Desc()


del HasDesc().d
HasDesc.__module__ = "elsewhere"
print(repr(HasDesc), HasDesc.__module__)
