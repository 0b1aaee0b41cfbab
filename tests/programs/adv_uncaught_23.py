x = 2 ** 10000
print(len(str(x)))
print(float(x))
