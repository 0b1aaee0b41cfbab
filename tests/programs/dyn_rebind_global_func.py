# A global function replaced mid-loop; callers pick up the new binding.
def f(x):
    return x + 1
def g(x):
    return x * 100
out = []
for i in range(1000):
    if i == 400:
        f = g
    if i == 700:
        def f(x):
            return -x
    out.append(f(i))
print(out[399], out[400], out[699], out[700], sum(out))
def caller(n):
    return helper(n) + 1
def helper(n):
    return n * 2
s = 0
for i in range(2000):
    if i == 1000:
        def helper(n):
            return n * 3
    if i == 1500:
        helper = lambda n: 0
    s += caller(i)
print("s", s)
K = 10
def addk(x):
    return x + K
acc = 0
for i in range(3000):
    if i == 1000:
        K = 2.5
    if i == 2000:
        K = -(2 ** 70)
    acc += addk(1)
print("acc", acc)
def rec(n):
    if n == 0:
        return 0
    return 1 + rec(n - 1)
r = rec
print(r(50))
def rec(n):
    return 1000
print(r(50))
counter = 0
def tick():
    global tick, counter
    counter += 1
    if counter == 10:
        tick = lambda: None
for i in range(100):
    tick()
print("counter", counter)
