# __slots__: member slots, no __dict__, slot descriptors on the class, inheritance, unset slots
class P:
    __slots__ = ('x', 'y')
    def __init__(self, x, y):
        self.x = x
        self.y = y
    def norm1(self):
        return abs(self.x) + abs(self.y)
p = P(3, -4)
print(p.x, p.y, p.norm1(), P.__slots__)
print(P.x, P.y, type(P.x).__name__)
print(hasattr(p, '__dict__'), hasattr(p, 'x'), hasattr(p, 'z'))
for f in [lambda: setattr(p, 'z', 1), lambda: p.__dict__, lambda: vars(p), lambda: delattr(p, 'z'),
          lambda: setattr(p, 'norm1', 5), lambda: setattr(p, '__init__', 5)]:
    try:
        print(f())
    except (AttributeError, TypeError) as e:
        print(type(e).__name__ + ':', e)
del p.x
try:
    print(p.x)
except AttributeError as e:
    print('AttributeError:', e)
try:
    del p.x
except AttributeError as e:
    print('AttributeError:', e)
print(getattr(p, 'x', 'unset'))
p.x = 10
print(p.x, p.norm1())
e = P.__new__(P)
print(getattr(e, 'x', None), getattr(e, 'y', None))
class Q(P):
    __slots__ = ['z']
    kind = 'q'
    def __init__(self):
        P.__init__(self, 1, 2)
        self.z = 3
q = Q()
print(q.x, q.y, q.z, q.kind, Q.z, hasattr(q, '__dict__'))
try:
    q.kind = 'other'
except AttributeError as e:
    print('AttributeError:', e)
try:
    q.w = 1
except AttributeError as e:
    print('AttributeError:', e)
class R(P):
    pass
r = R(5, 6)
r.extra = 7
print(r.x, r.y, r.extra, r.__dict__, vars(r))
class S:
    __slots__ = ('a', '__dict__')
s = S()
s.a = 1
s.b = 2
print(s.a, s.b, s.__dict__)
class One:
    __slots__ = 'only'
o = One()
o.only = 'v'
print(o.only, One.__slots__, One.only)
class Priv:
    __slots__ = ('__secret', 'pub')
    def __init__(self):
        self.__secret = 42
        self.pub = 1
    def get(self):
        return self.__secret
print(Priv().get(), Priv._Priv__secret, sorted(k for k in Priv.__dict__ if not k.startswith('__')))
class Empty:
    __slots__ = ()
try:
    Empty().a = 1
except AttributeError as e:
    print('AttributeError:', e)
for bad in [(1,), ('1a',), ('a b',)]:
    try:
        class B:
            __slots__ = bad
    except TypeError as e:
        print('TypeError:', e)
try:
    class C:
        __slots__ = ('a',)
        a = 1
except ValueError as e:
    print('ValueError:', e)
try:
    class D(R):
        __slots__ = ('__dict__',)
except TypeError as e:
    print('TypeError:', e)
class WithGetattr:
    __slots__ = ('v',)
    def __getattr__(self, name):
        return 'fallback ' + name
w = WithGetattr()
print(w.v, w.other)
w.v = 'set'
print(w.v)
pts = [P(i, -i) for i in range(300)]
total = 0
for i in range(300):
    pt = pts[i]
    pt.x = pt.x + 1
    total += pt.norm1() + pt.y
    if i % 50 == 0:
        del pt.y
        try:
            total += pt.y
        except AttributeError:
            total += 1000
        pt.y = 0
print(total)
qs = [Q() for i in range(200)]
acc = 0
for i in range(400):
    qq = qs[i % 200]
    qq.z = qq.z + i
    acc += qq.z + qq.x
    try:
        qq.missing = i
    except AttributeError:
        acc -= 1
print(acc)
print((5.0).is_integer(), (5.5).is_integer())
try:
    print((5).is_integer())
except AttributeError as e:
    print('AttributeError:', e)
try:
    print(True.is_integer())
except AttributeError as e:
    print('AttributeError:', e)
