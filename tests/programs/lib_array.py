# The shipped array module: typecodes, CPython's item checks and messages, sequence operations,
# and hot loops reading and writing items.
from array import array
a = array('d', [1, 2.5]) * 3
print(a, len(a), a[2], a[1:3], array('i'), array('B', [0] * 4))
a[0] = 7
a.append(3)
print(a.tolist(), a.index(2.5), a.count(2.5), 2.5 in a, a == array('d', a.tolist()))
b = array('i', [0]) * 5
b[1:3] = array('i', [9, 9])
print(b, b + array('i', [1]), b.pop(), b)
for tc, v in [('B', 256), ('B', -1), ('b', 128), ('h', 40000), ('i', 2**31), ('I', -1), ('L', -1), ('q', 2**63), ('i', 1.5), ('d', 'x')]:
    try:
        array(tc, [v])
    except (OverflowError, TypeError) as e:
        print(tc, type(e).__name__, e)
try:
    array('z')
except ValueError as e:
    print(e)
try:
    b[10]
except IndexError as e:
    print(e)
try:
    b[10] = 1
except IndexError as e:
    print(e)
b.extend([4, 5])
b.insert(0, -1)
b.reverse()
b.remove(9)
print(b, repr(array('d')), b.typecode, b.itemsize, array('d').itemsize)
s = 0.0
arr = array('d', [0]) * 1000
for k in range(5):
    for i in range(1000):
        arr[i] = arr[i] + i * 0.5
for v in arr:
    s += v
print(s)

for tc in 'bBhHiIlLqQ':
    for v in (-2**70, -1, 2**70, 2**16, 2**32, 2**63, 2**64, -129, 256, 1.5):
        try: array(tc,[v])
        except (OverflowError, TypeError) as e: print(tc, v, e)
