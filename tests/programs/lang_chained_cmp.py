# Chained comparisons and comparison semantics.
for x in range(-2, 8):
    print(x, 0 <= x < 5, 1 < x <= 3 < 6, x == x == x, 0 < x > 3)
print(1 < 2 < 3 < 4 < 5, 1 < 2 > 3, 3 > 2 > 1 >= 1)
print(1 == 1.0, 1 < 1.5 < 2, "a" < "b" < "c", "abc" < "abd", "Z" < "a")
print([1, 2] < [1, 3], [1, 2] < [1, 2, 0], (1, 2) == (1, 2), (3,) > (2, 9))
print(None == None, None != 0, 0 == False, 1 == True)
calls = []
def f(v):
    calls.append(v)
    return v
print(f(1) < f(2) < f(0) < f(5))
print(calls)
count = 0
for i in range(10000):
    if 100 < i * 3 % 1000 <= 500 != i:
        count += 1
print("count", count)
big = 2 ** 70
print(0 < big < 2 ** 71, big == big * 1, 1.5 < big, big > 1e20, big < 1e22)
one = 1
print(1 != 2 != 1, one is not None)
