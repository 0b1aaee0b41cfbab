# __eq__ and __lt__ and sorting user objects.
class Money:
    def __init__(self, cents):
        self.cents = cents
    def __eq__(self, other):
        return isinstance(other, Money) and self.cents == other.cents
    def __lt__(self, other):
        return self.cents < other.cents
    def __repr__(self):
        return "Money(%d)" % self.cents
a = Money(100)
b = Money(100)
c = Money(250)
print(a == b, a is b, a == c, a != c, a < c, c < a, a == 100)
ms = [Money((i * 37) % 101) for i in range(20)]
ms.sort()
print(ms[:5], ms[-3:])
print(sorted([Money(3), Money(1), Money(2)]), max([Money(5), Money(9), Money(7)]), min(Money(5), Money(4)))
print(Money(5) in [Money(1), Money(5)], [Money(1)] == [Money(1)], c > a)
count = 0
for i in range(3000):
    if Money(i % 50) < Money(25):
        count += 1
    if Money(i % 10) == Money(3):
        count += 100
print("count", count)
