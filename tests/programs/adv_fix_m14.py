print(hash(2), (2).__hash__(), "a".__hash__() == hash("a"), (1.5).__repr__(), "x".__repr__(), [1].__repr__(), (1).__str__())
class A:
    def __repr__(self):
        return "A!"
class B(A):
    def __repr__(self):
        return "B(" + super().__repr__() + ")"
print(B())
class C:
    def __eq__(self, o):
        return super().__eq__(o)
    def __hash__(self):
        return super().__hash__() * 0 + 7
c = C()
print(c == c, c == 1, hash(c))
