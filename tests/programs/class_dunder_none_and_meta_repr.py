# A dunder set to None blocks the protocol; property() takes its deleter positionally;
# classes have __class__; type.__repr__ from a metaclass __repr__; int.__index__; repr()
# escapes every character CPython does not print.

class NotIterable:
    __iter__ = None


try:
    iter(NotIterable())
except TypeError as e:
    print("TypeError", e)
try:
    for _ in NotIterable():
        pass
except TypeError as e:
    print("TypeError", e)


class P:
    a = property(lambda s: 1, None, lambda s: print("deleted a"))
    b = property(fget=lambda s: 2, fdel=lambda s: print("deleted b"))


p = P()
del p.a
del p.b
print(p.a, p.b)


class Meta(type):
    def __repr__(cls):
        return "Meta:" + type.__repr__(cls)


class C(metaclass=Meta):
    pass


print(repr(C), C.__class__.__name__, int.__class__, type.__class__, (7).__index__(), True.__index__())
print(repr("a\u3000b"), repr("\u00a0x"), repr("\u200b"), repr("\xad"), repr("\u2028"), repr("\ue000"))
print("\u3000".isprintable(), "\u00a0".isprintable(), "é ü".isprintable())

total = 0
for i in range(300):
    total += len(repr(C)) + p.a + (i % 5).__index__()
print(total)

# Every class has a __doc__ (None without a docstring), bound methods show their function's;
# `t += [x]` on a tuple says what `t + [x]` says.
class NoDoc:
    pass


class WithDoc:
    "class doc"

    def m(self):
        "method doc"


print(NoDoc.__doc__, NoDoc().__doc__, WithDoc().__doc__, WithDoc().m.__doc__, "__doc__" in dir(NoDoc))
t = (1,)
try:
    t += [2]
except TypeError as e:
    print("TypeError", e)
