# Class attributes (read via instance and via class) changed mid-loop; a subclass's inherited method overridden mid-loop.
class Config:
    rate = 3
    name = "cfg"
    def __init__(self, w):
        self.w = w
    def cost(self):
        return self.w * self.rate
cfgs = [Config(i) for i in range(1, 5)]
via_inst = 0
via_cls = 0
via_meth = 0
for i in range(2400):
    c = cfgs[i % 4]
    via_inst += c.rate
    via_cls += Config.rate
    via_meth += c.cost()
    if i == 400:
        Config.rate = 7
    if i == 800:
        Config.rate = 0.5
    if i == 1200:
        cfgs[1].rate = 100
    if i == 1600:
        Config.rate = -2
    if i == 2000:
        del cfgs[1].rate
        Config.rate = 1
    if i % 200 == 0:
        print("rate", i, via_inst, via_cls, via_meth)
print("rate", via_inst, via_cls, via_meth, [c.cost() for c in cfgs])
# subclass inherits a method; override added to the subclass mid-loop, then removed again
class Base:
    bonus = 1
    def value(self, x):
        return x + self.bonus
    def label(self):
        return "base"
class Child(Base):
    pass
class GrandChild(Child):
    bonus = 10
objs = [Base(), Child(), GrandChild()]
total = 0
labels = {}
for i in range(2700):
    o = objs[i % 3]
    total += o.value(i % 10)
    lb = o.label()
    labels[lb] = labels.get(lb, 0) + 1
    if i == 500:
        Child.value = lambda self, x: x * 100
    if i == 900:
        Child.label = lambda self: "child"
    if i == 1300:
        Base.value = lambda self, x: -x
    if i == 1700:
        del Child.value
    if i == 2000:
        Base.bonus = 1000
        Base.value = lambda self, x: x + self.bonus
    if i == 2300:
        del Child.label
        GrandChild.label = lambda self: "grand"
    if i % 300 == 0:
        print("inherit", i, total, objs[0].value(1), objs[1].value(1), objs[2].value(1))
print("inherit", total, sorted(labels.items()))
# class attribute holding a container: mutated in place vs rebound
class Registry:
    items = []
    limit = 5
r1 = Registry()
r2 = Registry()
lens = []
for i in range(1000):
    if len(r1.items) < Registry.limit:
        r1.items.append(i)
    else:
        Registry.items = [i]
        Registry.limit += 1
    if i % 100 == 0:
        lens.append((len(r2.items), Registry.limit))
print("registry", lens, r1.items[:3], r2.items is Registry.items)
# class-level counter updated by instances through the class; a shadowing instance attr created by +=
class Tick:
    n = 0
    def hit(self):
        Tick.n += 1
        return Tick.n
    def hit_self(self):
        self.n += 1
        return self.n
ta = Tick()
tb = Tick()
s = 0
for i in range(1500):
    s += ta.hit()
    if i >= 1000:
        s += tb.hit_self()
    if i % 250 == 0:
        print("tick", i, Tick.n, ta.n, tb.n, s)
print("tick", Tick.n, ta.n, tb.n, s, "n" in tb.__dict__, "n" in ta.__dict__)
# a class attribute switched between a plain value and a function (instance access binds a method)
class Flex:
    thing = 5
fx = Flex()
out = []
for i in range(900):
    t = fx.thing
    if callable(t):
        t = t()
    if i % 90 == 0:
        out.append(t)
    if i == 300:
        Flex.thing = lambda self: 42
    if i == 600:
        Flex.thing = "s"
print("flex", out)
