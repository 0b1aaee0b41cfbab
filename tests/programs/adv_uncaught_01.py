def f(x):
    return g(x) + 1
def g(x):
    return {'a': 1}[x]
print("start")
for i in range(100):
    pass
f('zz')
