# __call__, __add__, __sub__, __mul__ and friends.
class Adder:
    def __init__(self, k):
        self.k = k
    def __call__(self, x):
        return x + self.k
add5 = Adder(5)
print(add5(10), callable(add5), list(map(add5, [1, 2, 3])))
class V:
    def __init__(self, x, y):
        self.x = x
        self.y = y
    def __add__(self, o):
        return V(self.x + o.x, self.y + o.y)
    def __sub__(self, o):
        return V(self.x - o.x, self.y - o.y)
    def __mul__(self, k):
        return V(self.x * k, self.y * k)
    def __eq__(self, o):
        return self.x == o.x and self.y == o.y
    def __repr__(self):
        return "V(%s, %s)" % (self.x, self.y)
a = V(1, 2)
b = V(3, 5)
print(a + b, b - a, a * 3, a + b == V(4, 7), (a + b) * 2 - a)
acc = V(0, 0)
for i in range(5000):
    acc = acc + V(i % 3, 1) * 2
print(acc)
c = V(1, 1)
c += V(2, 2)
print(c)
total = 0
counter = Adder(1)
for i in range(3000):
    total = counter(total)
print(total)
try:
    a * a
except TypeError as e:
    print("TypeError:", e)
try:
    a / 2
except TypeError as e:
    print("TypeError:", e)
