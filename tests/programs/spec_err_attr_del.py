# Uncaught AttributeError from a specialized LOAD_ATTR after `del obj.weight` inside a hot loop.
class Item:
    def __init__(self, name, weight):
        self.name = name
        self.weight = weight
    def heavy(self):
        return self.weight > 50
items = [Item("n%d" % i, i * 7 % 100) for i in range(10)]
total = 0
count = 0
for rep in range(200):
    for it in items:
        total += it.weight
        if it.heavy():
            count += 1
print("warm", total, count)
# the attribute is restored by the class for a while, then removed from both places
Item.weight = -1
del items[4].weight
t2 = 0
for i in range(800):
    t2 += items[i % 10].weight
print("class fallback", t2)
t3 = 0
for i in range(3000):
    it = items[i % 10]
    t3 += it.weight
    if i % 500 == 0:
        print("progress", i, t3)
    if i == 1500:
        del Item.weight
print("unreachable", t3)
