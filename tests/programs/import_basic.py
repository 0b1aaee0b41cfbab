# import of helper modules beside the program; module attributes; executed once.
import _modutil
import _modutil
import _modgeom
print(_modutil.VERSION, _modutil.scale(7), _modutil.describe())
for i in range(500):
    _modutil.bump()
print(_modutil.counter, _modutil.describe())
s = _modutil.Shape(3, 4)
print(s.area(), type(s).__name__, isinstance(s, _modutil.Shape))
print(_modgeom.dist((0, 0), (3, 4)), _modgeom.scaled_area(2, 5), _modgeom.ORIGIN)
print(round(_modgeom.circle_area(2), 6), _modgeom._modutil is _modutil, _modgeom.math.pi)
total = 0
for i in range(3000):
    total += _modutil.scale(i) + _modutil.uses_helper(i)
print("total", total)
print(type(_modutil).__name__, _modutil.__name__)
