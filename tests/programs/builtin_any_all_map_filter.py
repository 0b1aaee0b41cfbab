# any, all, map, filter.
print(any([]), all([]), any([0, 0, 1]), all([1, 2, 0]), any("a"), all(["", "x"]))
print(any(x > 3 for x in range(5)), all(x < 5 for x in range(5)))
print(list(map(abs, [-1, 2, -3])), list(map(lambda a, b: a * b, [1, 2, 3], [4, 5, 6])))
print(list(map(str, range(5))), list(map(int, ["1", "22", "333"])))
print(list(filter(None, [0, 1, "", "a", [], [0], None])), list(filter(lambda x: x % 3 == 0, range(20))))
def is_prime(n):
    if n < 2:
        return False
    i = 2
    while i * i <= n:
        if n % i == 0:
            return False
        i += 1
    return True
primes = list(filter(is_prime, range(2000)))
print(len(primes), primes[-5:])
squares = list(map(lambda x: x * x, primes))
print(sum(squares))
total = 0
for i in range(1000):
    if any(i % p == 0 for p in (7, 11, 13)):
        total += 1
    if all(i % p for p in (2, 3)):
        total += 100
print("total", total)
print(sorted(map(len, ["aaa", "b", "cc"])), max(map(lambda s: s[::-1], ["ab", "ba"])))
print(list(filter(lambda s: s.isdigit(), ["1", "a", "22", "b3"])))
