import _modadvhelper as helper
import _modadvhelper as h2
from _modadvhelper import Thing, bump, VALUE
print(helper.VALUE, VALUE, h2 is helper)
for i in range(5):
    bump()
print(helper.counter, helper.bump(), h2.counter)
t = Thing(3)
print(t.double().double(), helper.Thing(1))
helper.VALUE = 99
print(helper.VALUE, VALUE)
import _modadvhelper as helper
print(helper.VALUE, helper.__name__, helper._private())
def use():
    return helper.VALUE + 1
tot = 0
for i in range(3000):
    tot += use()
    if i == 1500:
        helper.VALUE = 0
print(tot)
try:
    import nonexistent_mod_xyz
except ImportError as e:
    print(type(e).__name__, e)
print(__name__)
