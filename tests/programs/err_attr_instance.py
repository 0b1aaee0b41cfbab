# Uncaught AttributeError on an instance.
class C:
    def __init__(self):
        self.value = 1
objs = [C() for _ in range(3)]
for i, o in enumerate(objs):
    o.value = i * 10
    print(o.value)
print(objs[0].x)
