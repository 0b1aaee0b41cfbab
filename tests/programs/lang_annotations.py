# Annotations in module and class bodies: __annotations__ with evaluated values (names mangled),
# function bodies not evaluating theirs, attribute targets; generic aliases (list[int]) and
# unions (int | None) with CPython's reprs; __class_getitem__.
x: int = 5
y: "str"
print(__annotations__)
class A:
    a: int
    b: list[int] = []
    __p: float = 1.0
    if True:
        c: dict
    def f(self, q: int) -> None:
        z: undefined_name = 3
        return z
print(A.__annotations__, A.b, A().f(1))
class B:
    pass
print(hasattr(B, "__annotations__"))
obj = A()
obj.attr: int = 4
print(obj.attr)
try:
    class C:
        v: undefined_thing
except NameError as e:
    print("NameError", e)
class G:
    def __class_getitem__(cls, item):
        return (cls.__name__, item)
print(list[int], dict[str, list[int]], tuple[()], tuple[int, ...], type[A], list[A])
print(int | None, None | str, int | str | int, list[int] | None, A | int, (int | str) == (str | int))
print(list[int] == list[int], list[int]() , G[5], G[int, str])
print(hash(list[int]) == hash(list[int]), (int | None).__args__, list[int].__origin__, list[int].__args__)
try:
    int | 3
except TypeError as e:
    print(e)
try:
    int[5]
except TypeError as e:
    print(e)
class C:
    a: list[int] = []
    b: dict[str, int | None]
print(C.__annotations__)
