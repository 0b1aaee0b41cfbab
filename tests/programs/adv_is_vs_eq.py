a = [1, 2]
b = [1, 2]
print(a == b, a is b, a is not b, a[:] is a)
c = a
c.append(3)
print(a, c is a)
print(None is None, type(None).__name__, True is True, (1 == 1) is True)
x = ()
print(x == (), len(x))
print(1 == 1.0, 1 is 1 if False else "skip", "a" == "a", [] == [], {} == {}, () == [], [1] == (1,))
print(0 == False, 1 == True, 2 == True, "" == False, None == False, None == None)
print(float('nan') == float('nan'), [float('nan')] == [float('nan')])
n = float('nan')
print(n == n, [n] == [n], n in [n], n != n)
print(type(1) is int, type(True) is bool, type(1.0) is float, type("s") is str, type([]) is list, type(None) is type(None))
print(isinstance(True, int), isinstance(1, bool), isinstance(None, object), isinstance(int, type), isinstance(len, object))
class A:
    pass
print(isinstance(A(), A), isinstance(A, type), type(A()) is A, A.__name__)
