class Idx:
    def __init__(self, v):
        self.v = v
    def __index__(self):
        return self.v
print([0, 1, 2, 3][Idx(1):Idx(3)], "ab" * Idx(2))
