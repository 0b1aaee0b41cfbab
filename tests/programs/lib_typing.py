# typing: special forms, aliases of builtins and ABCs (reprs, __origin__/__args__, isinstance),
# Union/Optional flattening and equality, TypeVar, Generic classes and substitution, Protocol
# with runtime_checkable, NewType, cast/overload/final/no_type_check, get_origin/get_args.
import typing
from typing import (
    AbstractSet, Annotated, Any, AsyncIterable, AsyncIterator, Awaitable, Callable, ChainMap,
    ClassVar, Collection, Container, Coroutine, Deque, Dict, Final, ForwardRef, FrozenSet,
    Generator, Generic, Hashable, ItemsView, Iterable, Iterator, KeysView, List, Literal,
    Mapping, MutableMapping, MutableSequence, MutableSet, NewType, Never, NoReturn, Optional,
    Protocol, Reversible, Sequence, Set, Sized, SupportsAbs, SupportsFloat, SupportsInt, Text,
    Tuple, Type, TypeVar, Union, ValuesView, cast, final, get_args, get_origin, no_type_check,
    overload, runtime_checkable, TYPE_CHECKING,
)
import collections
import collections.abc
import types


def attempt(f):
    try:
        print("  ->", f())
    except (TypeError, ValueError, AttributeError, NotImplementedError) as e:
        print("  !!", type(e).__name__, e)


print("-- special forms")
print(Any, NoReturn, Never, ClassVar, Final, Optional, Union, Literal)
print(ClassVar[int], Final[List[int]], Literal[1, "a", None], Literal[True], Literal[1, 1, 2])
print(Literal[Literal[1, 2], 3], Literal[1, 2] == Literal[2, 1], Literal[1] == Literal[True])
print(TYPE_CHECKING, Text is str, cast(int, "x"), cast(List[int], None))
attempt(lambda: isinstance(1, Any))
attempt(lambda: Any())
attempt(lambda: NoReturn[int])
attempt(lambda: NoReturn())
attempt(lambda: isinstance(1, ClassVar))
attempt(lambda: issubclass(int, Final))
attempt(lambda: ClassVar[int, str])
attempt(lambda: Union[ClassVar[int], str])
attempt(lambda: List[Union])
attempt(lambda: isinstance(1, Literal[1]))


class MyAny(Any):
    pass


print(repr(MyAny), isinstance(MyAny(), MyAny), issubclass(MyAny, Any), MyAny.__mro__)

print("-- Union and Optional")
print(Union[int, str], Union[int, None], Union[None, int], Optional[int], Optional[None])
print(Union[int, str, None], Union[int], Union[int, int, int], Union[Union[int, str], float])
print(Union[int, str] == Union[str, int], Union[int, str] == Union[int, float])
print(hash(Union[int, str]) == hash(Union[str, int]), Union[int, str] == (int | str))
print(Optional[Union[int, str]], Union[List[int], List[int], Dict[str, int]])
print(Union[int, str].__origin__ is Union, Union[int, str].__args__, Union[int, str].__parameters__)
print(isinstance(3, Union[int, str]), isinstance(2.5, Union[int, str]), isinstance(None, Optional[int]))
print(issubclass(bool, Union[int, str]), issubclass(float, Union[int, str]))
print(Optional[int] | str, int | Optional[str], List[int] | None, None | List[int])
attempt(lambda: Union[()])
attempt(lambda: Optional[int, str])
attempt(lambda: Union)
attempt(lambda: Union[int, str]())
attempt(lambda: isinstance([], Union[List[int], str]))

print("-- aliases")
aliases = [List, Dict, Set, FrozenSet, Tuple, Type, Deque, ChainMap, Iterable, Iterator,
           Generator, Sequence, MutableSequence, Mapping, MutableMapping, AbstractSet, MutableSet,
           Collection, Container, Hashable, Sized, Reversible, Awaitable, Coroutine,
           AsyncIterator, AsyncIterable, KeysView, ItemsView, ValuesView, Callable]
for a in aliases:
    print(" ", repr(a).ljust(24), a.__origin__, a.__name__)
print(List[int], Dict[str, int], Set[float], FrozenSet[str], Type[int], Deque[int])
print(Tuple[int, str], Tuple[int, ...], Tuple[()], Tuple[int].__args__, Tuple[()].__args__)
print(Callable[[int], str], Callable[[int, float], None], Callable[[], int], Callable[..., int])
print(Callable[[int], str].__args__, Callable[..., int].__args__, Callable[int, str])
print(Iterable[Optional[int]], Mapping[str, List[int]], Generator[int, None, None])
print(ChainMap[str, int], ItemsView[str, int], Coroutine[int, str, float], Dict[str, "Node"])
print(List[int].__origin__, List[int].__args__, List[int].__parameters__, Dict[str, int].__args__)
print(List[int] == List[int], List[int] == List[str], List[int] == list[int], hash(List[int]) == hash(List[int]))
print(List[int] is List[int], Dict[str, int].__name__, Iterable[int].__qualname__)
print(List[list[int]], Dict[str, tuple[int, ...]], Optional[list[int]])
attempt(lambda: List[int, str])
attempt(lambda: Dict[int])
attempt(lambda: Hashable[int])
attempt(lambda: List[int][str])
attempt(lambda: Callable[int])
attempt(lambda: Callable[[int], str, float])
attempt(lambda: List[(int, str)])
attempt(lambda: Tuple[int, (str,)])
attempt(lambda: List())
attempt(lambda: List[int]())
attempt(lambda: Dict[str, int](a=1))
attempt(lambda: Tuple[int, ...]((1, 2)))
print(Deque[int]([1, 2]), list(ChainMap({"a": 1})))
print(List.append is list.append, List[int].copy is list.copy)

print("-- isinstance with aliases")
samples = [[], (), {}, set(), frozenset(), "", range(3), iter([]), len, 3, None, collections.deque()]
for a in [List, Tuple, Dict, Set, FrozenSet, Deque, Iterable, Iterator, Sequence, MutableSequence,
          Mapping, MutableMapping, AbstractSet, MutableSet, Sized, Container, Collection,
          Hashable, Reversible, Callable, Type]:
    print(" ", repr(a).ljust(24), "".join("x" if isinstance(s, a) else "." for s in samples))
print(issubclass(list, List), issubclass(list, Sequence), issubclass(dict, Sequence), issubclass(List, Iterable))
for bad in [List[int], Dict[str, int], Callable[[int], str], Iterable[int], Tuple[int, ...]]:
    attempt(lambda: isinstance([], bad))
    attempt(lambda: issubclass(list, bad))

print("-- TypeVar")
T = TypeVar("T")
S = TypeVar("S")
K = TypeVar("K")
N = TypeVar("N", int, float)
B = TypeVar("B", bound=collections.abc.Sized)
T_co = TypeVar("T_co", covariant=True)
T_contra = TypeVar("T_contra", contravariant=True)
print(T, N, B, T_co, T_contra, T.__name__, N.__constraints__, B.__bound__, T.__bound__)
print(T.__covariant__, T_co.__covariant__, T_contra.__contravariant__, T == T, T == S)
print(List[T], Dict[K, T], List[T].__parameters__, Dict[K, List[T]].__parameters__)
print(Dict[K, List[T]][str, int], Dict[str, T][int], Callable[[T], S][int, str], Optional[T][int])
print(Union[T, int][str], Union[T, S][int, int], Tuple[T, ...][float], T | None, int | T)
print(TypeVar("X", bound=None).__bound__, TypeVar("Y", bound="Node").__bound__)
attempt(lambda: TypeVar("Bad", int))
attempt(lambda: TypeVar("Bad", int, str, bound=int))
attempt(lambda: TypeVar("Bad", covariant=True, contravariant=True))
attempt(lambda: isinstance(1, T))
attempt(lambda: List[T][int, str])
attempt(lambda: Dict[K, T][int])
attempt(lambda: List[T][(int, str)])


class SubVar(object):
    pass


try:
    class BadVar(TypeVar):
        pass
except TypeError as e:
    print("  !!", type(e).__name__, e)

print("-- Generic")


class Box(Generic[T]):
    def __init__(self, value):
        self.value = value

    def get(self):
        return self.value


class Pair(Generic[K, T]):
    def __init__(self, key, value):
        self.key = key
        self.value = value


class IntBox(Box[int]):
    pass


class ListBox(Box[List[T]]):
    pass


class Labelled(Box[T], Generic[T]):
    pass


print(Box.__parameters__, Pair.__parameters__, IntBox.__parameters__, ListBox.__parameters__)
print(Box.__orig_bases__, IntBox.__orig_bases__, ListBox.__orig_bases__, Labelled.__orig_bases__)
print(Box.__mro__, IntBox.__mro__)
print(Box[int], Pair[str, int], Pair[str, List[T]], Pair[str, List[T]][int], ListBox[str])
print(Box[int].__origin__ is Box, Box[int].__args__, Pair[K, T].__parameters__)
print(Box[int] == Box[int], Box[int] == Box[str], hash(Box[int]) == hash(Box[int]))
bi = Box[int](5)
print(type(bi).__name__, bi.get(), bi.__orig_class__, isinstance(bi, Box), IntBox(3).get())
print(isinstance(bi, Generic), issubclass(IntBox, Box), Box(7).value)
print(get_origin(Box[int]) is Box, get_args(Pair[str, int]), get_origin(Generic), get_origin(Generic[T]))
attempt(lambda: Box[int, str])
attempt(lambda: Pair[int])
attempt(lambda: IntBox[int])
attempt(lambda: Generic[int])
attempt(lambda: Generic[T, T])
attempt(lambda: Generic[()])
attempt(lambda: Generic[T][int])
attempt(lambda: isinstance(bi, Box[int]))
for maker in ["plain", "twice", "unlisted", "union"]:
    try:
        if maker == "plain":
            class Bad1(Generic):
                pass
        elif maker == "twice":
            class Bad2(Generic[T], Generic[S]):
                pass
        elif maker == "unlisted":
            class Bad3(Box[S], Generic[T]):
                pass
        else:
            class Bad4(Union[int, str]):
                pass
    except TypeError as e:
        print("  !!", maker, type(e).__name__, e)


class Numbers(Iterable[int]):
    def __init__(self, n):
        self.n = n

    def __iter__(self):
        return iter(range(self.n))


class Table(Mapping[str, T]):
    def __init__(self, data):
        self.data = data

    def __getitem__(self, key):
        return self.data[key]

    def __iter__(self):
        return iter(self.data)

    def __len__(self):
        return len(self.data)


print(Numbers.__mro__, Numbers.__parameters__, list(Numbers(3)), isinstance(Numbers(2), Iterable))
print(Table.__parameters__, Table[int], Table.__orig_bases__, sorted(Table({"b": 2, "a": 1}).items()))
print(isinstance(Table({}), collections.abc.Mapping), "a" in Table({"a": 1}), Table({"x": 5}).get("y", 0))


class Outer(Generic[T]):
    class Inner(Generic[S]):
        pass


print(Outer.__parameters__, Outer.Inner.__parameters__, Outer.Inner[int])

print("-- Protocol")


@runtime_checkable
class Closable(Protocol):
    def close(self):
        ...


@runtime_checkable
class Named(Protocol):
    name: str


class Sizer(Protocol):
    def size(self):
        ...


@runtime_checkable
class Readable(Protocol[T]):
    def read(self):
        ...

    def close(self):
        ...


class File:
    def __init__(self):
        self.name = "f.txt"

    def close(self):
        return "closed"

    def read(self):
        return "data"


class Door:
    def close(self):
        return "shut"


class Blocked:
    close = None


class Explicit(Closable):
    pass


print(isinstance(File(), Closable), isinstance(Door(), Closable), isinstance(3, Closable), isinstance(Blocked(), Closable))
print(issubclass(File, Closable), issubclass(Door, Closable), issubclass(int, Closable), issubclass(Blocked, Closable))
print(isinstance(File(), Named), isinstance(Door(), Named), isinstance(File(), Readable), isinstance(Door(), Readable))
print(isinstance(Explicit(), Closable), Explicit().close(), Closable._is_protocol, Explicit._is_protocol)
print(Readable.__parameters__, Readable[int], Readable.__orig_bases__)
print(isinstance(3, SupportsInt), isinstance(2.5, SupportsInt), isinstance("3", SupportsInt), isinstance(2.5, SupportsFloat))
print(isinstance(-3, SupportsAbs), isinstance("x", SupportsAbs), issubclass(float, SupportsInt), SupportsAbs[int])
attempt(lambda: isinstance(File(), Sizer))
attempt(lambda: issubclass(File, Sizer))
attempt(lambda: issubclass(File, Named))
attempt(lambda: issubclass(3, Closable))
attempt(lambda: Closable())
attempt(lambda: Readable())
attempt(lambda: runtime_checkable(File))


class SizedThing(collections.abc.Sized, Protocol):
    def extra(self):
        ...


print(isinstance(3, collections.abc.Sized), issubclass(int, collections.abc.Sized), isinstance([], Sized))
try:
    class BadProto(File, Protocol):
        pass
except TypeError as e:
    print("  !!", type(e).__name__, e)

print("-- NewType, overload, final, no_type_check")
UserId = NewType("UserId", int)
print(UserId(42), UserId.__name__, UserId.__qualname__, UserId.__supertype__ is int)
print(Optional[UserId].__args__[0] is UserId, get_args(UserId | None)[1])
try:
    class Admin(UserId):
        pass
except TypeError as e:
    print("  !!", type(e).__name__, e)


@overload
def double(x: int) -> int:
    ...


@overload
def double(x: str) -> str:
    ...


def double(x):
    return x * 2


print(double(4), double("ab"), len(typing.get_overloads(double)))
typing.clear_overloads()
print(typing.get_overloads(double))


@overload
def single(x):
    ...


attempt(lambda: single(1))


@final
class Leaf:
    @final
    def done(self):
        return 1


@no_type_check
class Loose:
    def m(self):
        return 2


print(Leaf.__final__, Leaf.done.__final__, Loose.__no_type_check__, Loose.m.__no_type_check__)
print(final(len) is len)

print("-- get_origin, get_args, Annotated, ForwardRef")
for tp in [List[int], Dict[str, int], Callable[[int, str], float], Callable[..., int], Union[int, str],
           Optional[int], Tuple[int, ...], Literal[1, 2], ClassVar[int], Annotated[int, "meta"],
           list[int], int, Any, List, Generic]:
    print(" ", repr(tp).ljust(36), get_origin(tp), get_args(tp))
print(get_origin(int | str) is types.UnionType, get_args(int | str), get_args(Union[int, str] | None))
print(Annotated[int, "a"], Annotated[Annotated[int, "a"], "b"], Annotated[List[T], 1][str])
print(Annotated[int, "a"] == Annotated[int, "a"], Annotated[int, "a"] == Annotated[int, "b"], Annotated[int, 1].__metadata__)
print(Annotated[list, 0](), ForwardRef("Node"), ForwardRef("Node") == ForwardRef("Node"), List["Node"].__args__)
attempt(lambda: Annotated[int])
attempt(lambda: Annotated())
attempt(lambda: ForwardRef(3))

print("-- hot loop")
# Building, comparing and checking aliases, as annotations at def time do.
ITEMS = [int, str, float, bool, List[int], None]
counts = [0, 0, 0, 0, 0, 0]
keys = set()
samples = [[1], {"a": 1}, (1,), "s", 3, None, range(2), {1}]
for i in range(400):
    a = ITEMS[i % 6]
    b = ITEMS[(i * 7 + 1) % 6]
    u = Union[a, b]
    o = Optional[a]
    if u == Union[b, a]:
        counts[0] += 1
    if isinstance(u, type(Union[int, str])):
        counts[1] += 1
    lst = List[a]
    if lst == List[a] and lst.__origin__ is list and lst.__args__[0] is (type(None) if a is None else a):
        counts[2] += 1
    s = samples[i % 8]
    if isinstance(s, Iterable) and isinstance(s, Sized):
        counts[3] += 1
    if isinstance(s, Mapping) or isinstance(s, List):
        counts[4] += 1
    if isinstance(s, Union[int, str]):
        counts[5] += 1
    keys.add(repr(Dict[str, o]))
print(counts, len(keys), sorted(keys)[:3])

boxes = [Box[int](i) for i in range(300)]
total = 0
for bx in boxes:
    if isinstance(bx, Box) and bx.__orig_class__ == Box[int] and isinstance(bx, Closable) is False:
        total += bx.get()
print(total, sum(1 for i in range(300) if isinstance(File() if i % 3 else Door(), Readable)))
