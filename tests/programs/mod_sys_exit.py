# sys.exit with a non-zero code after printing; finally blocks run.
import sys
for i in range(5):
    print("line", i)
def work():
    total = 0
    for i in range(1000):
        total += i
    return total
print(work())
try:
    sys.exit(3)
finally:
    print("finally runs before exit")
print("never printed")
