def f(*, k):
    return k
f(1)
