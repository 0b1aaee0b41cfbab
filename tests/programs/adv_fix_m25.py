try:
    print(list(zip("ab", "xyz", strict=True)))
except ValueError as e:
    print("ValueError", e)
print(range(0, 10, 2).index(4), range(0, 10, 2).count(4))
