class Count:
    n = 0
    def __new__(cls, *a):
        cls.n += 1
        return super().__new__(cls)
    def __init__(self, x):
        self.x = x
c = Count(5)
print(Count.n, c.x)
