# sys.exit with an int too big for a C long exits 255 and prints nothing (CPython's PyLong_AsLong)
import sys
total = 0
for i in range(2000):
    total += i * i
print("total", total)
code = 2 ** 70
print("exiting with", code)
sys.exit(code)
