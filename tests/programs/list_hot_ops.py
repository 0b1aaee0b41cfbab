# Hot loops over lists: indexing, item assignment, negative indices, sieve.
N = 20000
sieve = [True] * (N + 1)
sieve[0] = sieve[1] = False
i = 2
while i * i <= N:
    if sieve[i]:
        for j in range(i * i, N + 1, i):
            sieve[j] = False
    i += 1
primes = [i for i in range(N + 1) if sieve[i]]
print(len(primes), primes[:10], primes[-3:])
arr = list(range(1000))
for k in range(5):
    for i in range(len(arr)):
        arr[i] = (arr[i] * 3 + arr[-i - 1]) % 1009
print(arr[:10], sum(arr))
prefix = [0]
for v in arr:
    prefix.append(prefix[-1] + v)
print(prefix[-1], prefix[500] - prefix[100])
buckets = [[] for _ in range(10)]
for v in arr:
    buckets[v % 10].append(v)
print([len(b) for b in buckets])
mixed = [1, 2.5, "s", [1], (2,), None, True]
kinds = []
for i in range(700):
    kinds.append(type(mixed[i % 7]).__name__)
print(kinds[:7], len(kinds))
