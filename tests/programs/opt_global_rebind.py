# The optimizer (promote_globals) turns hot loads of globals, builtins and module attributes
# into constants the executor depends on. Every way of changing such a value while a trace
# holds it must be seen: rebinding a global (from the loop itself, from a called function,
# through globals()), rebinding a module attribute, shadowing a builtin with a global,
# rebinding a builtin, and a global rebound more often than the promotion limit allows.
import builtins
import math

SCALE = 2
OFFSET = 1.5


def double(x):
    return x * 2


def triple(x):
    return x * 3


def rebind_scale(v):
    global SCALE
    SCALE = v


def loop_global(n, at):
    total = 0
    for i in range(n):
        total += SCALE * i
        if i == at:
            rebind_scale(5)
    return total


def loop_function(n, at):
    global double
    total = 0
    for i in range(n):
        total += double(i)
        if i == at:
            double = triple
    return total


def loop_globals_dict(n, at):
    total = 0.0
    for i in range(n):
        total += OFFSET
        if i == at:
            globals()["OFFSET"] = 0.25
    return total


def loop_module_attr(n, at):
    saved = math.sqrt
    total = 0.0
    for i in range(n):
        total += math.sqrt(16.0)
        if i == at:
            math.sqrt = lambda x: -1.0
    math.sqrt = saved
    return total


def loop_shadow_builtin(n, at):
    global abs
    total = 0
    for i in range(n):
        total += abs(-i)
        if i == at:
            abs = lambda x: 7
    del abs
    return total


def loop_rebind_builtin(n, at):
    saved = builtins.len
    total = 0
    for i in range(n):
        total += len("abc")
        if i == at:
            builtins.len = lambda x: 100
    builtins.len = saved
    return total


COUNTER = 0


def loop_counter(n):
    # A global the loop itself rebinds on every pass: past the limit it stays a plain load.
    global COUNTER
    total = 0
    for i in range(n):
        COUNTER += 1
        total += COUNTER
    return total


for at in (5, 400, 1500):
    SCALE = 2
    double = lambda x: x * 2
    OFFSET = 1.5
    print(loop_global(2000, at), loop_function(2000, at), loop_globals_dict(2000, at))
    print(loop_module_attr(2000, at), loop_shadow_builtin(2000, at), loop_rebind_builtin(2000, at))
print(loop_counter(3000), COUNTER)
print(math.sqrt(2.0), abs(-3), len("ab"))
