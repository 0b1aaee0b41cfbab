# One call site, three receiver types: the exit trace at the call starts with a type-version
# guard, which fails for the other two types. Each type gets a trace of its own, chained at
# that guard (:type-siblings:); a fourth type walks the chain and goes on in tier 1.


class Shape:
    def __init__(self, a, b):
        self.a = a
        self.b = b

    def area(self):
        return self.a * self.b


class Square(Shape):
    def area(self):
        return self.a * self.a


class Tri(Shape):
    def area(self):
        return self.a * self.b // 2


class Odd(Shape):
    def area(self):
        return -1


def total(shapes, rounds):
    t = 0
    for r in range(rounds):
        for s in shapes:
            t += s.area()
        if r == rounds // 2:
            shapes.append(Odd(1, 1))
    return t


shapes = [Shape(3, 4), Square(5, 5), Tri(6, 2), Shape(1, 2), Tri(7, 3), Square(2, 2)]
print(total(shapes, 2000))
print(len(shapes))
