import _modadva
import _modadvb
print(_modadva.from_a(), _modadvb.from_b())
from _modadvstar import *
print(pub(), Klass.__name__)
try:
    other()
except NameError as e:
    print("NameError", e)
from _modadvstar2 import *
print(visible(), CONST)
try:
    _under
except NameError as e:
    print("NameError", e)
import _modadvstar2 as sm
print(sm._under)
sm.CONST = 99
print(CONST, sm.CONST)
def main():
    return "main ran"
if __name__ == "__main__":
    print(main())
import sys
print("_modadva" in sys.modules, sys.modules["_modadva"] is _modadva)
from _modadva import A_VAL as renamed
print(renamed)
import math as m, sys as s
print(m.sqrt(9), s is sys)
