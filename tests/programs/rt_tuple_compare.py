class W:
    def __init__(self, v): self.v = v
    def __eq__(self, o): return self.v == o.v
    def __lt__(self, o): return "yes" if self.v < o.v else ""
    def __hash__(self): return hash(self.v)
a = [(i % 3 == 0, i % 2 == 1, i * 7 % 5, i) for i in range(30)]
a.sort()
print(a[:5], a[-3:])
print(sorted([(1, 2.0), (1, 1.5), (0, True), (0, False), (1, 2)]))
print((1, W(2)) < (1, W(3)), (1, W(3)) < (1, W(2)), (W(1),) == (W(1),), (W(1),) != (W(2),))
print(sorted([(W(3), 1), (W(1), 2), (W(2), 0)], key=lambda t: t)[0][1])
print((True, 1) == (1, True), (0, False) == (False, 0.0), (1, 2) < (1, 2, 0), (1, 2) <= (1, 2))
print(min([(2, 'b'), (1, 'z'), (1, 'a')]), max([(True,), (2,), (1.5,)]))
t = ()
for i in range(3000): t = (t,)
try:
    print(t == t[0])
except RecursionError as e:
    print("RecursionError", e)
try:
    print((1, 'a') < (1, 2))
except TypeError as e:
    print("TypeError", e)
nan = float('nan')
print((nan,) == (nan,), (1, nan) < (1, nan), [(nan, 1)] == [(nan, 1)])
