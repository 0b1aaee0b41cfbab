def h():
    try:
        yield 1
        yield 2
    finally:
        print("h finally")
x = h()
print(next(x))
x.close()
print("closed")
