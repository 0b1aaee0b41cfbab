class Animal:
    kind = "animal"
    count = 0
    def __init__(self, name):
        self.name = name
        Animal.count += 1
    def speak(self):
        return f"{self.name} makes a sound"
    def describe(self):
        return f"{self.kind}:{self.speak()}"
class Dog(Animal):
    kind = "dog"
    def __init__(self, name, breed):
        super().__init__(name)
        self.breed = breed
    def speak(self):
        return super().speak() + " (woof)"
class Puppy(Dog):
    def speak(self):
        return "yip! " + super().speak()
for a in [Animal("x"), Dog("rex", "lab"), Puppy("bit", "pug")]:
    print(a.describe(), type(a).__name__, isinstance(a, Dog), issubclass(type(a), Animal))
print(Animal.count, Dog.count, Puppy.kind, Puppy.__mro__[1].__name__ if hasattr(Puppy, '__mro__') else '')
print(Puppy.__name__, Puppy.__bases__[0].__name__)
class Base:
    def __init__(self):
        self.items = []
    def add(self, x):
        self.items.append(x)
        return self
class Derived(Base):
    def add(self, x):
        return super().add(x * 2)
d = Derived()
for i in range(5):
    d.add(i)
print(d.items)
class Shared:
    lst = []
    def push(self, v):
        self.lst.append(v)
s1, s2 = Shared(), Shared()
s1.push(1); s2.push(2)
print(Shared.lst, s1.lst is s2.lst)
s1.lst = [99]
print(s1.lst, s2.lst, Shared.lst)
class Counter:
    n = 0
    def inc(self):
        self.n += 1
c1 = Counter()
for _ in range(3):
    c1.inc()
print(c1.n, Counter.n)
class P:
    def who(self):
        return "P"
class Q(P):
    pass
class R(Q):
    def who(self):
        return "R>" + super(R, self).who()
print(R().who(), Q().who())
print(isinstance(R(), (int, P)), isinstance(3, (str, float)), issubclass(R, (int, Q)), issubclass(bool, int))
