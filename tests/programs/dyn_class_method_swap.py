# Replacing a method on the class mid-loop; instances see the change.
class Greeter:
    def greet(self):
        return 1
def greet2(self):
    return 2
def greet3(self):
    return self.bonus
g = Greeter()
h = Greeter()
total = 0
for i in range(3000):
    if i == 1000:
        Greeter.greet = greet2
    if i == 2000:
        Greeter.greet = greet3
        g.bonus = 10
        h.bonus = 20
    total += g.greet() + h.greet()
print("total", total)
class Base:
    def val(self):
        return "base"
class Child(Base):
    pass
c = Child()
seq = []
for i in range(40):
    if i == 10:
        Child.val = lambda self: "child"
    if i == 20:
        del Child.val
    if i == 30:
        Base.val = lambda self: "newbase"
    seq.append(c.val())
print(seq[9], seq[10], seq[19], seq[20], seq[29], seq[30])
print(sorted(set(seq)))
class Calc:
    def op(self, a, b):
        return a + b
calc = Calc()
res = []
ops = [lambda self, a, b: a - b, lambda self, a, b: a * b, lambda self, a, b: a // b if b else 0]
for i in range(1200):
    if i % 300 == 299:
        Calc.op = ops[(i // 300) % 3]
    res.append(calc.op(i, 3))
print(res[0], res[299], res[300], res[600], res[900], sum(res))
