# from ... import ..., aliases, and values copied at import time.
from _modutil import scale, bump, Shape, VERSION
from _modutil import counter as initial_counter
import _modutil as mu
from math import sqrt, pi as PI
print(scale(5), VERSION, initial_counter, PI, sqrt(16))
for i in range(100):
    bump()
print(initial_counter, mu.counter)
sh = Shape(2, 8)
print(sh.area(), mu.Shape is Shape)
acc = 0
for i in range(4000):
    acc += scale(i % 10)
print("acc", acc)
mu.SCALE = 100
print(scale(5), mu.scale(5))
import _modgeom as geo
print(geo.scaled_area(1, 1), geo.dist((1, 1), (4, 5)))
