# Helper module: imports another helper module and math.
import math
import _modutil

ORIGIN = (0, 0)

def dist(a, b):
    return math.sqrt((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2)

def scaled_area(w, h):
    return _modutil.scale(_modutil.Shape(w, h).area())

def circle_area(r):
    return math.pi * r * r
