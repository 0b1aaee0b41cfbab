# A method load whose class gains shared keys after the trace is built (the count-of-keys
# guard must fall back to a lookup), and an instance that shadows the method with its own.
class C:
    def __init__(self):
        self.a = 1
    def m(self):
        return self.a

def run(objs, n):
    t = 0
    for i in range(n):
        for o in objs:
            t += o.m()
    return t

objs = [C() for _ in range(3)]
print(run(objs, 2000))
objs[1].b = 2          # the class's keys grow
print(run(objs, 2000))
objs[2].m = lambda: 100  # shadows the method: a new key, and an instance that has it
print(run(objs, 2000))
d = C()
d.__dict__["zz"] = 5   # an instance with a dict
objs.append(d)
print(run(objs, 2000))
del objs[2].m
print(run(objs, 2000))
