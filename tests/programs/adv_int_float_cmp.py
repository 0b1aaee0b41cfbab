big = 2**53 + 1
f = float(2**53)
print(big > f, big == f, big - 1 == f, f < big, 2**64 == 2.0**64, 2**64 + 1 == 2.0**64, 2**64 + 1 > 2.0**64)
print(10**400 > float("inf"), 10**400 < float("inf"), -10**400 > float("-inf"), 10**400 == float("inf"), float("nan") < 1, 1 > float("nan"), 2**100 == float("nan"))
print(max(1, 1.0), max(1.0, 1), min(2**64, 2.0**64), sorted([1.5, 1, 2**60, 2.0**60, True, 0.0, False, -0.0]))
print(0.1 + 0.2 > 0.3, 1/3 == 0.3333333333333333, 9007199254740993 == 9007199254740992.0, 9007199254740993 > 9007199254740992.0)
print([x for x in [1, 1.0, True, 2, 2.0] if x == 1], 1 in [1.0], 1.0 in {1}, {1: "a"}.get(1.0), {1.0: "b"}.get(True))
print(int(2.0**63) == 2**63, round(2.0**63) == 2**63, int(-2.0**63), float(2**63 - 1) == 2.0**63, 2**63 - 1 < 2.0**63)
vals = [3, 2.5, -1, 10**20, 1e20, -1e-300, 0, -0.0, 7.000000000000001, 7]
print(sorted(vals), max(vals), min(vals), sum(vals))
print(1e20 == 10**20, 1e23 == 10**23, int(1e23), 10**23 - int(1e23))
for a in [2**63 - 1, 2**63, -2**63, -2**63 - 1]:
    print(a, float(a), a == float(a), a < float(a), a > float(a), int(float(a)) - a)
