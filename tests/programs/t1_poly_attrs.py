# Polymorphic attribute sites: instances of sibling classes through one LOAD_ATTR/STORE_ATTR
# (they respecialize to the plain-class forms), then classes that stop being plain.


class Base:
    def __init__(self, v):
        self.v = v
        self.w = v * 2

    def get(self):
        return self.v + self.w

    def bump(self):
        self.v = self.v + 1


class A(Base):
    pass


class B(Base):
    pass


class C(Base):
    kind = "c"

    def extra(self):
        return 1


objs = [A(1), B(2), C(3)]
total = 0
for i in range(3000):
    o = objs[i % 3]
    total += o.get()
    o.bump()
print(total, [o.v for o in objs])

# A property appears on one subclass after the sites went polymorphic.
B.v = property(lambda self: 100)
total = 0
for i in range(300):
    o = objs[i % 3]
    total += o.get()
print(total)
try:
    objs[1].bump()
except AttributeError:
    print("AttributeError")
del B.v
print(objs[1].get())

# A __setattr__ on the base class: every store goes through it.
log = []


def hook(self, name, value):
    log.append(name)
    self.__dict__[name] = value


Base.__setattr__ = hook
for i in range(300):
    objs[i % 3].bump()
print(len(log), [o.v for o in objs])
del Base.__setattr__
for i in range(300):
    objs[i % 3].bump()
print(len(log), [o.v for o in objs])

# A class attribute that is a data descriptor of a user class.
class Const:
    def __get__(self, obj, cls):
        return -1

    def __set__(self, obj, value):
        pass


for i in range(300):
    objs[i % 3].get()
A.w = Const()
print([o.get() for o in objs])
objs[0].bump()
print([o.v for o in objs])

