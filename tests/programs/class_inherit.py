# Single inheritance, overriding, isinstance, class attribute lookup through bases.
class Animal:
    sound = "..."
    legs = 4
    def __init__(self, name):
        self.name = name
    def speak(self):
        return self.name + " says " + self.sound
    def info(self):
        return "%s has %d legs" % (self.name, self.legs)
class Dog(Animal):
    sound = "woof"
class Bird(Animal):
    sound = "tweet"
    legs = 2
    def speak(self):
        return Animal.speak(self) + " (flapping)"
class Parrot(Bird):
    def __init__(self, name, word):
        Bird.__init__(self, name)
        self.word = word
    def speak(self):
        return Bird.speak(self) + " and says " + self.word
zoo = [Animal("generic"), Dog("rex"), Bird("tweety"), Parrot("polly", "cracker")]
for a in zoo:
    print(a.speak(), "|", a.info(), isinstance(a, Animal), isinstance(a, Bird), type(a).__name__)
counts = {}
for i in range(4000):
    a = zoo[i % 4]
    s = a.speak()
    counts[s[:6]] = counts.get(s[:6], 0) + len(s)
print(sorted(counts.items()))
Dog.sound = "WOOF"
print(zoo[1].speak())
Animal.legs = 3
print(zoo[0].info(), zoo[1].info(), zoo[2].info(), zoo[3].info())
class Base:
    def template(self):
        return "[" + self.hook() + "]"
    def hook(self):
        return "base"
class Derived(Base):
    def hook(self):
        return "derived"
print(Base().template(), Derived().template())
