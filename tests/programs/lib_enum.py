# enum: members as singletons compared by identity, values and names, aliases, auto(),
# lookups by value and name, iteration and len on the class, the functional API, unique,
# _missing_, tuple values passed to __init__, methods and properties on members.
from enum import Enum, EnumMeta, auto, unique


class Color(Enum):
    RED = 1
    GREEN = 2
    BLUE = 3
    CRIMSON = 1  # an alias of RED


print(list(Color), len(Color), Color.CRIMSON is Color.RED)
print(Color.RED, repr(Color.GREEN), Color.BLUE.name, Color.BLUE.value, f"{Color.RED}", "{:>12}|".format(Color.RED))
print(Color(2) is Color.GREEN, Color["BLUE"] is Color.BLUE, Color.RED in Color, Color.__members__)
print(type(Color.RED) is Color, isinstance(Color.RED, Enum), type(Color) is EnumMeta, Color)
print(Color.RED == Color.RED, Color.RED == 1, Color.RED != Color.GREEN, hash(Color.RED) == hash("RED"))
print(list(reversed(Color)), {Color.RED: "r", Color.GREEN: "g"}[Color.CRIMSON])

for bad in (lambda: Color(7), lambda: Color["PINK"], lambda: Color.RED < Color.GREEN):
    try:
        bad()
    except (ValueError, KeyError, TypeError) as e:
        print(type(e).__name__, e)
try:
    Color.RED = 5
except AttributeError as e:
    print("AttributeError:", e)


class Weekday(Enum):
    MONDAY = auto()
    TUESDAY = auto()
    LABEL = 10
    WEDNESDAY = auto()

    def is_early(self):
        return self.value < 3

    @property
    def short(self):
        return self.name[:3].title()

    @classmethod
    def first(cls):
        return next(iter(cls))


print([(d.name, d.value) for d in Weekday], Weekday.TUESDAY.is_early(), Weekday.WEDNESDAY.short, Weekday.first())


class Planet(Enum):
    MERCURY = (3.303e23, 2.4397e6)
    EARTH = (5.976e24, 6.37814e6)

    def __init__(self, mass, radius):
        self.mass = mass
        self.radius = radius

    @property
    def gravity(self):
        return 6.673e-11 * self.mass / (self.radius * self.radius)


print(Planet.EARTH.value, Planet.EARTH.mass, round(Planet.EARTH.gravity, 3), Planet((3.303e23, 2.4397e6)))


class Lower(Enum):
    def _generate_next_value_(name, start, count, last_values):
        return name.lower()

    ALPHA = auto()
    BETA = auto()


print(list(Lower), Lower("beta"))


class Status(Enum):
    OK = 200
    NOT_FOUND = 404

    @classmethod
    def _missing_(cls, value):
        if isinstance(value, str) and value.isdigit():
            return cls(int(value))
        return None


print(Status("404"), Status(200))
try:
    Status("teapot")
except ValueError as e:
    print("ValueError:", e)

Animal = Enum("Animal", "ANT BEE CAT")
print(list(Animal), Animal.BEE.value, Animal(3))
Pairs = Enum("Pairs", [("ONE", 10), ("TWO", 20)])
print(list(Pairs), Pairs.TWO.value)

try:
    @unique
    class Mistake(Enum):
        ONE = 1
        TWO = 2
        UNO = 1
except ValueError as e:
    print("ValueError:", e)
try:
    class More(Color):
        PINK = 4
except TypeError as e:
    print("TypeError:", e)


# Comparing by identity in a hot loop.
counts = {c: 0 for c in Color}
for i in range(600):
    c = Color(i % 3 + 1)
    if c is Color.RED:
        counts[c] += 1
    elif c == Color.GREEN:
        counts[c] += 2
    else:
        counts[c] += 3
print(counts)


# IntEnum: members are ints too.
from enum import IntEnum


class Level(IntEnum):
    LOW = 1
    MID = auto()
    HIGH = 10


print(Level.LOW, repr(Level.MID), Level.MID + 1, Level(10), Level.HIGH == 10, Level.LOW < Level.HIGH)
print(sorted([Level.HIGH, Level.LOW]), [1, 2, 3][Level.LOW], f"{Level.HIGH:>4}", str(Level.MID), isinstance(Level.LOW, int))
print(list(Level), Level["MID"], Level.MID.name, Level.MID.value, int(Level.HIGH) * 2, hash(Level.LOW) == hash(1))
print(Level(1) is Level.LOW, Level(10) is Level.HIGH, type(Level(1)).__name__)


# StrEnum: members are strs, str() and format() give the value, auto() the lower-cased name.
from enum import StrEnum, Enum


class Shade(StrEnum):
    RED = auto()
    GREEN = "green"
    DARK_BLUE = auto()


print(list(Shade), Shade.RED, repr(Shade.RED), f"{Shade.GREEN}", f"{Shade.DARK_BLUE:>10}|")
print(Shade.RED == "red", Shade("green") is Shade.GREEN, Shade["DARK_BLUE"], isinstance(Shade.RED, str))
print(Shade.RED.upper(), Shade.RED + "!", len(Shade.GREEN), "%s" % Shade.RED, type(str(Shade.RED)).__name__)
print(Shade.RED.value, type(Shade.RED.value).__name__, sorted(Shade), ", ".join(Shade))
try:
    class NotText(StrEnum):
        A = 1
except TypeError as e:
    print("TypeError:", e)


# A str mixin without StrEnum keeps Enum's str() but compares as a str.
class Mode(str, Enum):
    READ = "r"
    WRITE = "w"


print(Mode.READ, repr(Mode.WRITE), Mode.READ == "r", f"{Mode.READ}", "%s" % Mode.WRITE, Mode("w") is Mode.WRITE)
tally = {}
for i in range(60):
    s = Shade(["red", "green", "dark_blue"][i % 3])
    tally[s] = tally.get(s, 0) + (1 if s == "red" else 2)
print(tally)

# An int subclass instance repeats a sequence like an int.
class Width(IntEnum):
    TWO = 2
class Count(int):
    pass
print(" " * Width.TWO + "|", Width.TWO * "ab", [0] * Count(3), (1,) * Width.TWO, Count(2) * [1])
