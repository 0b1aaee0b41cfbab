# Unary operators: 'not' and '-' of bools, None, ints at the small-int bounds and floats
# (tier 1's fast paths), and of int subclasses, whose own __neg__/__pos__/__invert__ win.
class I(int):
    def __neg__(self): return "negI"
xs = [0, 1, -1, 2**62 - 1, -2**62, -2**62 + 1, 2**62, 1.5, -0.0, float('inf'), True, False, None, I(3), [], [1], "", "a"]
for x in xs:
    try:
        print(repr(x), not x, -x)
    except TypeError as e:
        print(repr(x), not x, "TypeError", e)
class J(int):
    def __pos__(self): return "posJ"
    def __invert__(self): return "invJ"
class K(int):
    pass
print(+J(4), ~J(4), -J(4), +K(5), ~K(5), -K(5), type(-K(5)).__name__, type(+K(5)).__name__)
