# `**` of two floats and of a float and a small int (:float-pow:): one pure runtime call
# each, operands and results unboxed, leaving where tier 1 has special cases.
def f(n):
    s = 0.0
    for i in range(1, n):
        x = i * 0.5
        s += x ** -1.5 + x ** 2
    return s
print(f(200))
