class Point:
    def __init__(self):
        self.xcoord = 1
p = Point()
print(p.xcoord)
print(p.xcord)
