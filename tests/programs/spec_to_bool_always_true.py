# TO_BOOL_ALWAYS_TRUE: instances of plain classes are true unless a __bool__ or __len__
# says otherwise, also one added to the class later.
class P:
    pass
class Q:
    def __len__(self):
        return 0
class R(P):
    pass
items = [P(), R(), None, P()]
n = 0
for i in range(400):
    for x in items:
        if x:
            n += 1
    if i == 200:
        P.__bool__ = lambda self: False
print(n)
q = Q()
print(sum(1 for _ in range(100) if q), [bool(x) for x in items])
w = [R() if i % 3 else None for i in range(30)]
print(sum(1 for x in w if x), any(x for x in w))
