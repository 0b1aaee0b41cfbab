# Module attributes rebound from outside, mid-loop; module function that looks up module globals.
import _modutil
results = []
for i in range(1000):
    if i == 300:
        _modutil.SCALE = 5
    if i == 600:
        _modutil.helper = lambda x: -x
    if i == 800:
        _modutil.scale = lambda x: 0
    results.append(_modutil.scale(1) + _modutil.uses_helper(2))
print(results[0], results[299], results[300], results[599], results[600], results[799], results[800], results[-1])
print(sum(results))
orig_describe = _modutil.describe
_modutil.VERSION = "9.9"
print(orig_describe())
_modutil.new_attr = "added"
print(_modutil.new_attr, hasattr(_modutil, "new_attr"), hasattr(_modutil, "missing_attr"))
del _modutil.new_attr
print(hasattr(_modutil, "new_attr"))
try:
    _modutil.missing_attr
except AttributeError as e:
    print("AttributeError:", e)
setattr(_modutil, "counter", 1000)
print(_modutil.bump(), getattr(_modutil, "counter"))
