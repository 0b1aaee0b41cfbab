class S:
    _inst = None
    def __new__(cls):
        if cls._inst is None:
            cls._inst = object.__new__(cls)
        return cls._inst
print(S() is S())
class T:
    def __new__(cls, v):
        self = object.__new__(cls)
        self.v = v * 2
        return self
print(T(4).v)
class U:
    def __new__(cls):
        return 42
print(U())
