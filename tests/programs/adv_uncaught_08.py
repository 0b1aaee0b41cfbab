class A:
    pass
a = A()
a.x = 1
print(a.x)
print(a.y)
