# %-formatting with a non-tuple argument: lists and other mappings-by-__getitem__ are one arg
print('abc' % [])
print('abc' % [1, 2])
print('abc' % {})
print('abc' % {'a': 1})
print('abc' % range(3))
print('x=%s' % [1, 2])
print('x=%r' % [1, 'a'])
print('x=%s' % ([1, 2],))
print('%s|%s' % ([1], [2]))
print('%d items' % len([1, 2, 3]))
print('%(a)s-%(b)s' % {'a': 1, 'b': [2]})
for bad in [5, 'x', (1,), 1.5, None, {1}, (1, 2)]:
    try:
        print('abc' % bad)
    except TypeError as e:
        print('TypeError:', e)
for bad in [(), []]:
    try:
        print('%s %s' % bad)
    except TypeError as e:
        print('TypeError:', e)
try:
    print('%(a)s' % [1])
except TypeError as e:
    print('TypeError:', e)
try:
    print('%(a)s' % (1,))
except TypeError as e:
    print('TypeError:', e)
out = []
for i in range(500):
    args = [i, i * 2] if i % 3 else []
    s = 'v=%s' % args if args else 'empty' % args
    out.append(s)
print(len(out), out[:4], out[-3:])
total = 0
for i in range(400):
    total += len('n%s' % [i] * (i % 4))
print(total)
