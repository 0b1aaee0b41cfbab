# Method calls in hot loops; objects as state machines; bound methods stored.
class Vec:
    def __init__(self, x, y):
        self.x = x
        self.y = y
    def add(self, o):
        return Vec(self.x + o.x, self.y + o.y)
    def scale(self, k):
        return Vec(self.x * k, self.y * k)
    def dot(self, o):
        return self.x * o.x + self.y * o.y
acc = Vec(0, 0)
step = Vec(1, 2)
for i in range(10000):
    acc = acc.add(step.scale(i % 3))
print(acc.x, acc.y, acc.dot(step))
class Machine:
    def __init__(self):
        self.state = "idle"
        self.log = []
    def feed(self, c):
        if self.state == "idle":
            if c == "s":
                self.state = "run"
        elif self.state == "run":
            if c == "p":
                self.state = "pause"
            elif c == "x":
                self.state = "idle"
        else:
            if c == "s":
                self.state = "run"
        self.log.append(self.state[0])
m = Machine()
for c in "sppsxsxpps" * 300:
    m.feed(c)
print(len(m.log), "".join(m.log[:30]), m.state)
class Acc:
    def __init__(self):
        self.total = 0.0
    def add(self, v):
        self.total += v
a = Acc()
f = a.add
for i in range(5000):
    f(i * 0.5)
print(a.total)
class Node:
    def __init__(self, val, nxt):
        self.val = val
        self.nxt = nxt
head = None
for i in range(1000):
    head = Node(i, head)
s = 0
n = head
while n is not None:
    s += n.val
    n = n.nxt
print("list sum", s)
