# The shipped logging module: levels, the logger hierarchy, handlers writing to a StringIO,
# formatters, basicConfig, the module functions, and a hot loop of silent and loud calls.
import io
import logging
s = io.StringIO()
h = logging.StreamHandler(stream=s)
log = logging.getLogger("bench")
log.propagate = False
log.addHandler(h)
log.setLevel(logging.WARNING)
log.debug("hidden")
log.warning("plain %s", "arg")
log.error("dict %(a)s", {"a": 1})
h.setFormatter(logging.Formatter("%(levelname)s:%(name)s:%(levelno)d: %(message)s"))
log.critical("formatted")
child = logging.getLogger("bench.child")
print(child.parent is log, child.getEffectiveLevel(), log.isEnabledFor(logging.INFO), logging.getLevelName(30), logging.getLevelName("ERROR"), logging.getLevelName(33))
child.propagate = True
child.warning("from child")
print(repr(s.getvalue()))
print(repr(log), repr(logging.getLogger()), logging.getLogger() is logging.root, repr(h))
s2 = io.StringIO()
logging.basicConfig(stream=s2, level=logging.INFO, format="%(name)s|%(levelname)s|%(message)s")
logging.info("root info %d", 5)
logging.debug("no")
logging.getLogger("x.y").warning("deep")
print(repr(s2.getvalue()))
try:
    log.setLevel("LOUD")
except ValueError as e:
    print("ValueError", e)
n = 0
for i in range(3000):
    log.debug("silent %d", i)
    if i % 100 == 0:
        log.warning("tick %d", i)
print(len(s.getvalue().splitlines()))
