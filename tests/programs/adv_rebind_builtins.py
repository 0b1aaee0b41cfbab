def f(xs):
    return len(xs)
out = []
for i in range(3000):
    if i == 1500:
        def len(x):
            return -1
    out.append(f([1, 2, 3]))
print(out[0], out[1499], out[1500], out[-1])
del len
print(f([1, 2]))
K = 10
def h():
    return K * 2
t = 0
for i in range(5000):
    t += h()
    if i == 2500:
        K = 1
print(t)
def ff():
    return 1
acc = 0
for i in range(4000):
    acc += ff()
    if i == 2000:
        def ff():
            return 100
print(acc)
