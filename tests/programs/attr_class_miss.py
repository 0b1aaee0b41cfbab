# A class's missing attribute: getattr's default and hasattr take the miss without an
# exception being made; when one is needed it names the class ("type object ..."), and a
# metaclass's __getattr__ answers what the class lacks.


class A:
    colour = 1

    def method(self):
        return "m"


class Meta(type):
    def __getattr__(cls, name):
        return name * 2


class B(metaclass=Meta):
    here = 3


class C(B):
    pass


print(getattr(A, "nope", 5), hasattr(A, "colour"), hasattr(A, "x"), getattr(A, "method")(A()))
for cls, name in [(A, "colr"), (int, "foo"), (str, "nope")]:
    try:
        getattr(cls, name)
    except AttributeError as e:
        print(e)
print(B.here, B.ab, getattr(B, "zz", None), hasattr(B, "anything"), C.cd, C.here)
misses = 0
for i in range(300):
    if getattr(A, "__deepcopy__", None) is None and not hasattr(A, "__setstate__"):
        misses += 1
print(misses)
A.colr
