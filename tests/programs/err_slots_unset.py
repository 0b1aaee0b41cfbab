# reading an unset __slots__ member ends the program with AttributeError
class Pt:
    __slots__ = ('x', 'y')
    def __init__(self, x):
        self.x = x
pts = [Pt(i) for i in range(300)]
s = 0
for p in pts:
    s += p.x
print(s)
print(pts[0].y)
