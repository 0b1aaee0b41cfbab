# d |= other takes any mapping or iterable of pairs (dict.update's argument); d | other only a dict
d = {1: 2}
d |= [(3, 4)]
print(d)
d |= {5: 6}.items()
print(d)
d |= {7: 8}
print(d)
d |= (('a', 'b'), ['c', 'd'])
print(d)
d |= zip('xy', [10, 11])
print(d)
for bad in [5, [1], [(1, 2, 3)], None]:
    try:
        d |= bad
    except (TypeError, ValueError) as e:
        print(type(e).__name__ + ':', e)
try:
    print(d | [(3, 4)])
except TypeError as e:
    print('TypeError:', e)
print({1: 1} | {2: 2})
acc = {}
for i in range(500):
    acc |= [(i % 37, i)]
    if i % 100 == 0:
        acc |= {-i: i}
print(len(acc), acc[0], acc[36], sorted(acc)[:5])
e = {}
e |= []
print(e)
