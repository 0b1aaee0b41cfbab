# Instance attribute loads and stores, a method call.
class P:
    def __init__(self):
        self.x = 0
        self.y = 1
    def step(self):
        return self.y
def f(n):
    p = P()
    for i in range(n):
        p.x = p.x + p.step()
    return p.x
print(f(200))
