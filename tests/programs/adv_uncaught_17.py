x = None
x.foo()
