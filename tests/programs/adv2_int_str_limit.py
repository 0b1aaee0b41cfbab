import sys
x = 10**4299
print(len(str(x)))
try:
    s = str(10**4300)
    print("no limit", len(s))
except ValueError as e:
    print("VE", e)
try:
    int("1" * 4301)
except ValueError as e:
    print("VE", e)
print(len(hex(10**5000)))
try:
    print(f"{10**5000}"[:5])
except ValueError as e:
    print("VE", e)
try:
    repr(10**5000)
except ValueError as e:
    print("VE", e)

