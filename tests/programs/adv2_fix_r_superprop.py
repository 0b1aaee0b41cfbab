class A:
    def __init__(self):
        self.x = 3
    @property
    def dbl(self):
        return self.x * 2
class B(A):
    @property
    def dbl(self):
        return super().dbl + 1
print(B().dbl)
