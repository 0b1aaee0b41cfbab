import sys
try:
    sys.exit(5)
except SystemExit as e:
    print("caught", e.code, e.args)
try:
    raise SystemExit
except SystemExit as e:
    print(e.code)
sys.exit(None)
