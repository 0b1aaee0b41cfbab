# builtins reject argument types CPython rejects: format spec, enumerate start, iter sentinel form
class Idx:
    def __init__(self, n):
        self.n = n
    def __index__(self):
        return self.n
class Call:
    def __init__(self):
        self.i = 0
    def __call__(self):
        self.i += 1
        return self.i
checks = [
    lambda: format(5, 1),
    lambda: format(5, None),
    lambda: format(2.5, 3.0),
    lambda: format('x', ['>3']),
    lambda: enumerate([1], 'a'),
    lambda: enumerate([1], 1.5),
    lambda: enumerate([1], None),
    lambda: enumerate([1], start='0'),
    lambda: iter(1, 2),
    lambda: iter([1], 2),
    lambda: iter('abc', None),
    lambda: enumerate(5),
    lambda: iter(5),
]
for i, f in enumerate(checks):
    try:
        print(i, f())
    except TypeError as e:
        print(i, 'TypeError:', e)
print(format(5, ''), format(5, '>3'), format(2.5, '.3f'), format('x', '^5'))
print(list(enumerate('ab', True)), list(enumerate('ab', False)))
print(list(enumerate('ab', Idx(7))), list(enumerate('ab', start=Idx(-2))))
print(list(enumerate('abc', 2 ** 70)))
print(list(iter(Call(), 4)))
n = 0
for i in range(500):
    for j, c in enumerate('xyz', i % 3 == 0):
        n += j
    try:
        enumerate('q', 'bad')
    except TypeError:
        n += 1
print(n)
bad = 0
for i in range(300):
    try:
        format(i, i)
    except TypeError:
        bad += 1
    try:
        iter(i, i)
    except TypeError:
        bad += 1
print(bad)
try:
    enumerate(5, 'a')
except TypeError as e:
    print('TypeError:', e)
