# The optimizer (promote_type_versions) drops a repeated type-version guard after an escape,
# because the executor watches the version: assigning __class__ on an instance of a watched
# type must invalidate it, or the trace would read the old layout's attribute.


class A:
    def __init__(self):
        self.x = 1


class B:
    @property
    def x(self):
        return 100


def run(at):
    # No branch in the loop: the trace holds the escaping setattr itself.
    classes = [A] * 3000
    classes[at] = B
    o = A()
    total = 0
    for i in range(3000):
        total += o.x
        setattr(o, "__class__", classes[i])
        total += o.x
    return total


print(run(2500))
print(run(10))


class C:
    def __init__(self, v):
        self.v = v


def bump(objs, k):
    # A generic call between two reads of the same attribute: the second read's guard is
    # proven by the first across the escape.
    s = 0
    for o in objs:
        s += o.v
        s += len(str(k))
        s += o.v
    return s


objs = [C(i) for i in range(50)]
print(sum(bump(objs, k) for k in range(200)))
