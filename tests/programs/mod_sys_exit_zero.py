# sys.exit(0) ends the program successfully; SystemExit can be caught.
import sys
try:
    sys.exit(7)
except SystemExit as e:
    print("caught SystemExit", e.code, e.args)
for i in range(3):
    print("still running", i)
sys.exit(0)
print("never printed")
