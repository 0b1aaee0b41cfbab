l = list(range(10))
del l[0]
del l[-1]
del l[2:4]
del l[::2]
print(l)
d = {'a': 1, 'b': 2, 'c': 3}
del d['b']
print(d)
class A:
    pass
a = A()
a.x = 1
a.y = 2
del a.x
print(hasattr(a, 'x'), a.y)
try:
    del a.x
except AttributeError as e:
    print("AttributeError", e)
x = 5
del x
try:
    x
except NameError as e:
    print("NameError", e)
p, q = 1, 2
del p, q
try:
    del d['zz']
except KeyError as e:
    print("KeyError", e)
try:
    del l[100]
except IndexError as e:
    print("IndexError", e)
nested = [[1, 2], [3, 4]]
del nested[0][1]
print(nested)
for i in range(3):
    tmp = i
del tmp, i
print('tmp' in dir(), 'nested' in dir())
class B:
    z = 1
del B.z
print(hasattr(B, 'z'))
l2 = [1, 2, 3]
del l2[:]
print(l2)
