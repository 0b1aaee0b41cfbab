def find(seq, target):
    for i, x in enumerate(seq):
        if x == target:
            break
    else:
        return -1
    return i
print(find([1, 2, 3], 2), find([1, 2, 3], 5), find([], 1))
primes = []
for n in range(2, 200):
    for p in primes:
        if p * p > n:
            primes.append(n)
            break
        if n % p == 0:
            break
    else:
        primes.append(n)
print(primes)
n = 0
while n < 10:
    n += 1
    try:
        if n == 5:
            continue
        if n == 8:
            break
    finally:
        pass
else:
    print("no break")
print(n)
k = 0
while k < 3:
    k += 1
else:
    print("while else", k)
def g():
    for i in range(3):
        try:
            for j in range(3):
                try:
                    if j == 1:
                        break
                    yield (i, j)
                finally:
                    yield ("f", i, j)
        finally:
            if i == 1:
                return
print(list(g()))
res = []
for i in range(5):
    try:
        if i == 2:
            raise ValueError
    except ValueError:
        continue
    else:
        res.append(("else", i))
    finally:
        res.append(("fin", i))
print(res)
count = 0
for a in range(100):
    for b in range(100):
        if (a * b) % 97 == 96:
            count += 1
            break
    else:
        continue
    if count > 30:
        break
print(count, a, b)
