import sys
print(__name__, sys.maxsize, sys.version_info[:2] >= (3, 8), type(sys.argv).__name__, len(sys.argv))
def f(a, b=2, *c, d=4, **e):
    "doc of f"
    return a
print(f.__name__, f.__qualname__, f.__defaults__, f.__kwdefaults__)
class K:
    "class doc"
    def m(self):
        def inner():
            pass
        return inner
    class Inner:
        def im(self): pass
print(K.__name__, K.__qualname__, K.__doc__, K.m.__qualname__, K().m().__qualname__, K.Inner.im.__qualname__, K.__module__)
print(callable(f), callable(K), callable(K()), callable(1), callable(print))
g = globals()
for i in range(5):
    g["dyn%d" % i] = i * i
print(dyn3, dyn4)
def loc():
    x = 1
    y = 2
    return sorted(locals().items())
print(loc())
print(sorted(k for k in dir(K) if not k.startswith("__")))
print((lambda: 0).__name__)
fn = f
fn.custom = "attr"
print(f.custom, getattr(f, "missing", None))
print(type(f).__name__, type(K.m).__name__, type(K().m).__name__, type(len).__name__, type(K).__name__)
bm = K().m
print(bm.__self__.__class__.__name__, bm.__func__ is K.m)
print(repr(None), repr(Ellipsis), repr(NotImplemented), ..., type(...).__name__)
print(int.__name__, str.__mro__ if False else "", bool.__base__.__name__ if hasattr(bool, "__base__") else "int")
