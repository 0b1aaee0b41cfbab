# Module attributes (math and helper module) rebound mid-loop.
import math
import _modutil
vals = []
for i in range(1000):
    if i == 300:
        math.sqrt = lambda x: -1.0
    if i == 600:
        math.pi = 3
    vals.append(math.sqrt(16) + math.pi)
print(vals[0], vals[299], vals[300], vals[599], vals[600], vals[-1])
print(sum(vals))
from math import floor
print(floor(2.5))
math.floor = lambda x: "patched"
print(math.floor(2.5), floor(2.5))
s = 0
for i in range(1000):
    if i == 500:
        _modutil.Shape = lambda w, h: _modutil.Shape0(h, w)
        _modutil.Shape0 = OrigShape
    if i == 0:
        OrigShape = _modutil.Shape
    s += _modutil.Shape(i, 2).w
print("s", s)
