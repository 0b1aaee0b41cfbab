# The shipped random module: CPython's exact numbers for a seed (Mersenne Twister in the native
# _random, the 3.11 algorithms in Python), its errors, state round trips, and a hot loop.
import random
random.seed(1)
print([random.random() for _ in range(3)])
print([random.randrange(10) for _ in range(10)], random.randrange(9223372036854775807))
print(random.getrandbits(1), random.getrandbits(31), random.getrandbits(32), random.getrandbits(33), random.getrandbits(100))
random.seed(12345678901234567890)
print(random.random(), random.randint(1, 6), random.choice("abcdef"))
x = list(range(20))
random.shuffle(x)
print(x)
print(random.sample(range(100), 5), random.sample(range(10000), 8), random.sample("abcdefgh", 3))
print(random.choices("abc", k=5), random.choices("abc", [1, 2, 3], k=5))
print(random.uniform(1, 2), random.gauss(0, 1), random.gauss(0, 1), random.normalvariate(5, 2), random.expovariate(2.0), random.triangular(0, 10, 3))
print(random.gammavariate(2.5, 1.0), random.gammavariate(0.5, 2.0), random.betavariate(2, 3), random.vonmisesvariate(1.0, 2.0))
r = random.Random(0)
print(r.random(), r.randrange(5, 50, 5), r.randrange(50, 5, -3))
r = random.Random(2.5)
print(r.random())
random.seed(0)
s = random.getstate()
a = random.random()
random.setstate(s)
print(a == random.random())
for args in [(0,), (5, 5), (1, 10, 0)]:
    try:
        random.randrange(*args)
    except ValueError as e:
        print("ValueError", e)
try:
    random.choice([])
except IndexError as e:
    print("IndexError", e)
random.seed(7)
acc = 0
for i in range(20000):
    acc += random.randrange(1000)
print(acc, random.random())
