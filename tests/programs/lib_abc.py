# abc: abstract methods block instantiation until overridden, ABC and ABCMeta, register()
# for virtual subclasses, __subclasshook__, isinstance/issubclass through the metaclass.
from abc import ABC, ABCMeta, abstractmethod, abstractproperty, get_cache_token, update_abstractmethods


class Shape(ABC):
    @abstractmethod
    def area(self):
        ...

    @abstractmethod
    def perimeter(self):
        ...

    def describe(self):
        return f"{type(self).__name__} with area {self.area()}"


class Square(Shape):
    def __init__(self, side):
        self.side = side

    def area(self):
        return self.side * self.side

    def perimeter(self):
        return 4 * self.side


class Half(Shape):
    def area(self):
        return 1


for cls in (Shape, Half):
    try:
        cls()
    except TypeError as e:
        print("TypeError:", e)

sq = Square(3)
print(sq.describe(), sq.perimeter(), sorted(Shape.__abstractmethods__), Square.__abstractmethods__)
print(isinstance(sq, Shape), issubclass(Square, Shape), issubclass(Square, ABC), type(Shape).__name__)


# Virtual subclasses.
class Drawable(metaclass=ABCMeta):
    pass


class Circle:
    pass


token = get_cache_token()
print(issubclass(Circle, Drawable), isinstance(Circle(), Drawable))
Drawable.register(Circle)
print(issubclass(Circle, Drawable), isinstance(Circle(), Drawable), get_cache_token() > token)


@Drawable.register
class Line:
    pass


print(isinstance(Line(), Drawable), Drawable.register(Line) is Line)
try:
    Drawable.register(3)
except TypeError as e:
    print("TypeError:", e)


# __subclasshook__ decides from the methods a class has.
class Sized(ABC):
    @classmethod
    def __subclasshook__(cls, C):
        if cls is Sized:
            return hasattr(C, "__len__")
        return NotImplemented


class Box:
    def __len__(self):
        return 3


class Bag(Box):
    pass


print(isinstance(Box(), Sized), issubclass(Bag, Sized), isinstance(3, Sized), isinstance([], Sized))


# An abstract classmethod and property; update_abstractmethods.
class Base(ABC):
    @classmethod
    @abstractmethod
    def make(cls):
        ...

    @property
    @abstractmethod
    def size(self):
        ...


print(sorted(Base.__abstractmethods__))


class Impl(Base):
    @classmethod
    def make(cls):
        return cls()

    @property
    def size(self):
        return 7


print(Impl.make().size)


class Later(ABC):
    @abstractmethod
    def run(self):
        ...


Later.run = lambda self: "ran"
update_abstractmethods(Later)
print(Later().run(), Later.__abstractmethods__)

# A hot loop of isinstance checks against ABCs (the metaclass path, then its caches).
hits = 0
for i in range(400):
    obj = (sq, Circle(), Box(), i)[i % 4]
    hits += isinstance(obj, Shape) + isinstance(obj, Drawable) * 2 + isinstance(obj, Sized) * 4
print(hits)
