x = 10 ** 5000
try:
    s = str(x)
    print("len", len(s))
except ValueError as e:
    print("ValueError", e)
try:
    int("1" * 5000)
except ValueError as e:
    print("ValueError", e)
print(len(hex(x)))
