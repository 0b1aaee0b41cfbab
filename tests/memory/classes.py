# Memory check (crates/cli/tests/memory.rs): N class definitions in a loop, each class
# dropped by the next iteration (issue 16, item 4). Usage: classes.py N
import sys

N = int(sys.argv[1])
for i in range(N):
    class Q:
        pass
print("ok")
