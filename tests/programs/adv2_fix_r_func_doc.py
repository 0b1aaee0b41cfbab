def f():
    "doc of f"
    return 1
print(f.__doc__)
class K:
    def m(self):
        """method doc"""
print(K.m.__doc__)
