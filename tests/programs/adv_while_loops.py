i = 0
res = []
while i < 20:
    i += 1
    if i % 2 == 0:
        continue
    if i > 15:
        break
    res.append(i)
else:
    res.append("else!")
print(res)
for i in range(3):
    pass
else:
    print("for else", i)
for i in []:
    pass
else:
    print("empty for else")
n = 27
steps = 0
while n != 1:
    n = n // 2 if n % 2 == 0 else 3 * n + 1
    steps += 1
print(steps)
found = None
for x in range(2, 100):
    for y in range(2, x):
        if x % y == 0:
            break
    else:
        found = x
print(found)
primes = []
for n in range(2, 2000):
    is_p = True
    d = 2
    while d * d <= n:
        if n % d == 0:
            is_p = False
            break
        d += 1
    if is_p:
        primes.append(n)
print(len(primes), primes[-5:])
count = 0
while True:
    count += 1
    try:
        if count >= 5:
            break
    finally:
        count += 10
print(count)
a = 0
while a < 100000:
    a += 7
print(a)
