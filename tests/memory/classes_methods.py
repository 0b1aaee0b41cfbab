# Memory check (crates/cli/tests/memory.rs): N classes with methods, a subclass and
# instances, each generation dropped by the next iteration (issue 16, item 4): the
# instances, the methods' functions and the subclass refer to the class, and the class's
# dict refers to the functions; each class keeps its `__getitem__` cached (:getitem-cache:),
# and the subclass's, calling `super()`, refers back to it. Usage: classes_methods.py N
import sys

N = int(sys.argv[1])
total = 0
for i in range(N):
    class Q:
        k = i

        def __init__(self, x):
            self.x = x

        def get(self):
            return self.x + self.k

        def __getitem__(self, j):
            return self.x + j

    class R(Q):
        def get(self):
            return super().get() + 1

        def __getitem__(self, j):
            return super().__getitem__(j) + 1

    q = Q(i)
    r = R(1)
    total += q.get() + r.get() + q[1] + r[2]
print(total)
