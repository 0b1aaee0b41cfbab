class Desc:
    def __get__(self, obj, typ=None):
        return ("desc", obj is None, typ.__name__ if typ else None)
class A:
    d = Desc()
    @classmethod
    def cm(cls):
        return cls.__name__
    @staticmethod
    def sm(x):
        return x + 1
    attr = 5
class B(A):
    d = 0
    def go(self):
        return super().d, super().cm(), super().sm(1), super().attr
    @classmethod
    def cgo(cls):
        return super().d, super().cm()
print(B().go())
print(B.cgo())
