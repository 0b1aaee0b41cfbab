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

# The native array (crates/runtime/src/array.rs): bytes, 'f', copies, in-place operators,
# slices with steps, iteration, and errors.
import array as arrmod
import copy
print(type(arr), arrmod.ArrayType is array, type(arr).__name__)
a = array('d', [1.5, 2, 3])
print(a.tobytes(), array('d', a.tobytes()), array('i', b'\x01\x00\x00\x00\xff\xff\xff\xff'))
f = array('f', [0.1, 1e40, -2.5])
print(f, f[0] == 0.1, f.itemsize, f.tobytes())
b = copy.copy(a)
c = copy.deepcopy(a)
b[0] = 9
print(a, b, c, a == c, a != b, a < b, a <= b, array('i', [1]) == array('d', [1.0]))
a += array('d', [4])
a *= 2
print(a, len(a), 3 * array('b', [1, 2]), bool(array('d')), bool(a))
del a[1:3]
print(a, a[::-1], a[::2], a[-1])
del a[0]
a[::2] = array('d', [0, 0, 0])
print(a)
for bad in [lambda: a.__setitem__(slice(None, None, 2), array('d', [0])),
            lambda: a.__setitem__(slice(0, 1), [1]),
            lambda: a.__setitem__(slice(0, 1), array('i', [1])),
            lambda: a['x'], lambda: hash(a), lambda: array('d', 'abc'), lambda: array('dd'),
            lambda: array('d') + [1], lambda: a.extend(array('i')), lambda: a.fromlist((1,)),
            lambda: array('i').pop(), lambda: a.pop(99), lambda: array('i', b'abc'),
            lambda: array('d', [1], x=1), lambda: a * 1.5]:
    try:
        bad()
    except (TypeError, ValueError, IndexError) as e:
        print(type(e).__name__, e)
x = array('H', [1, 2, 65535])
x.byteswap()
print(x, x.index(512), x.count(512), 512 in x, 7 in x, x.index(65535, 1, 3))
print(array('Q', [2**64 - 1]), array('L', [2**63]), array('q', [-2**63]), array('b', [True]))
print(list(array('i', range(5))), sum(array('d', [0.5] * 4)), max(array('i', [3, 9, 2])))
it = iter(array('i', [1, 2]))
print(next(it), list(it), sorted(array('i', [3, 1, 2])), array('d', [1, 2]) + array('d', [3]))
print(isinstance(a, array), a.__len__(), a.__getitem__(0), repr(array('b')), str(array('B', [1])))
g = array('i', [5, 6])
g.frombytes(array('i', [7]).tobytes())
g.insert(-10, 1)
g.insert(99, 2)
print(g, g.tolist(), g.buffer_info()[1])

# Hot loops over array items with int and float typecodes (the specialized subscripts).
ai = array('i', range(100))
af = array('d', [0.25]) * 100
acc = 0
facc = 0.0
for k in range(300):
    for i in range(100):
        acc += ai[i]
        ai[i] = (ai[i] + k) % 1000
        facc += af[i]
        af[i] = af[i] * 1.0001
print(acc, facc, ai[:5], af[99])
