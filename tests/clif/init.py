# A constructor in a loop (:inline-init:): the class checked in IR, the `__init__` found and
# the instance made by one host call, the frame pushed and popped in machine code, the
# instance the call's result.
class V:
    def __init__(self, x, y):
        self.x = x
        self.y = y
def f(n):
    t = 0.0
    for i in range(n):
        v = V(i * 0.5, 2.0)
        t += v.x * v.y
    return t
print(f(1000))
