def f():
    return undefined_name_here
print(1)
f()
