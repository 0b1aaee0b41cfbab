print(list(reversed(range(2**63, 2**63 + 2))))
print(next(reversed(range(10**20))))
print({range(3): 1}.get(range(3)))
print(range(10**21).index(5))
