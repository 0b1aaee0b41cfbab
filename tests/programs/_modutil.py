# Helper module for import_* and dyn_* tests (not a test itself).
VERSION = "1.2"
counter = 0
SCALE = 3

def scale(x):
    return x * SCALE

def bump():
    global counter
    counter += 1
    return counter

def describe():
    return "util v" + VERSION + " counter=" + str(counter)

class Shape:
    def __init__(self, w, h):
        self.w = w
        self.h = h
    def area(self):
        return self.w * self.h

def uses_helper(x):
    return helper(x) + 1

def helper(x):
    return x * 10

print("_modutil loaded")
