# for/while with break, continue and else clauses.
def find_first_div(nums, d):
    for n in nums:
        if n % d == 0:
            print("found", n, "divisible by", d)
            break
    else:
        print("none divisible by", d)

find_first_div([3, 5, 7, 11, 14], 7)
find_first_div([3, 5, 7, 11, 13], 2)
find_first_div([], 3)

primes = []
for n in range(2, 400):
    for p in primes:
        if p * p > n:
            primes.append(n)
            break
        if n % p == 0:
            break
    else:
        primes.append(n)
print(len(primes), primes[:10], primes[-5:])

i = 0
while i < 10:
    i += 1
    if i == 20:
        break
else:
    print("while else ran, i =", i)

i = 0
while True:
    i += 1
    if i % 2 == 0:
        continue
    if i > 15:
        break
    print("odd", i, end=" ")
print()

total = 0
for i in range(5000):
    if i % 3 == 0:
        continue
    if i > 4000:
        break
    total += i
print("total", total)

for ch in "hello":
    if ch == "l":
        continue
    print(ch, end="")
print()
for k in {"a": 1, "b": 2}:
    print("key", k)
for t in (1, 2, 3):
    print("tuple item", t)
for x in iter([10, 20]):
    print("iter item", x)
n = 0
for i in range(3):
    for j in range(3):
        if j == 2:
            break
        n += 1
    else:
        n += 100
print("n", n)
