class Box:
    def __init__(self, items):
        self.items = items
    def __len__(self):
        return len(self.items)
class Flag:
    def __init__(self, v):
        self.v = v
    def __bool__(self):
        return self.v
print(bool(Box([])), bool(Box([1])), bool(Flag(True)), bool(Flag(False)), len(Box("abc")))
res = []
for b in [Box([]), Box([0]), Flag(False), Flag(True), 0, 1, "", "0", [], [[]], None, 0.0, -0.0, float('nan')]:
    res.append("T" if b else "F")
print("".join(res))
print(not Box([]), Box([]) or "fallback", Flag(True) and "yes")
i = 0
b = Box(list(range(100)))
while b:
    b.items.pop()
    i += 1
print(i)
class BadLen:
    def __len__(self):
        return -1
try:
    len(BadLen())
except ValueError as e:
    print("ValueError", e)
class BadBool:
    def __bool__(self):
        return 1
try:
    bool(BadBool())
except TypeError as e:
    print("TypeError", e)
print(len([1, 2]), len({1: 2}), len("héllo"), len(range(10)), len((1,)), len(set()), len(""))
