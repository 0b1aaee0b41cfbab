class P:
    def __init__(self, x, y=2):
        self.x = x; self.y = y
class Q(P):
    pass
class R:
    def __init__(self):
        return 5
print(P(1).y, Q(3, 4).x, [P(i).x for i in range(3)])
try:
    P()
except TypeError as e:
    print(e)
try:
    R()
except TypeError as e:
    print(e)
class S:
    def __new__(cls, *a):
        print("new", a)
        return super().__new__(cls) if False else object.__new__(cls)
    def __init__(self, a):
        self.a = a
s = S(5)
print(s.a)
class Single:
    _inst = None
    def __new__(cls):
        if cls._inst is None:
            cls._inst = super().__new__(cls)
        return cls._inst
print(Single() is Single())
