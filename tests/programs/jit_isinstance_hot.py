# isinstance() in hot loops against classes known while compiling: builtins, a
# class of the program's, subclasses, small ints and big ints, bools (an int
# subclass), a metaclass with __instancecheck__, a tuple of classes, an object
# whose last reference isinstance() holds, and a global rebound to another class
# between runs.


class Base:
    pass


class Child(Base):
    pass


class Meta(type):
    def __instancecheck__(cls, obj):
        return obj == 42


class Answer(metaclass=Meta):
    pass


class Released:
    pass


def count_kinds(items):
    n_int = n_float = n_base = n_tuple = n_answer = n_either = 0
    for x in items:
        if isinstance(x, int):
            n_int += 1
        if isinstance(x, float):
            n_float += 1
        if isinstance(x, Base):
            n_base += 1
        if isinstance(x, tuple):
            n_tuple += 1
        if isinstance(x, Answer):
            n_answer += 1
        if isinstance(x, (float, tuple)):
            n_either += 1
    return n_int, n_float, n_base, n_tuple, n_answer, n_either


def released(n):
    # isinstance() holds the last reference to the object it looks at.
    hits = 0
    for i in range(n):
        if isinstance(Released(), Released):
            hits += 1
    return hits


Target = int


def against_global(items):
    return sum(1 for x in items if isinstance(x, Target))


items = [1, 2.5, Base(), Child(), (1, 2), True, 2 ** 80, 42, "s", None, -7, 0.0] * 400
print(count_kinds(items))
print(released(3000))
print(against_global(items))
Target = float
print(against_global(items))
Target = Base
print(against_global(items))
