# Float arithmetic over a range (operand reuse, range iteration).
def f(n):
    x = 0.0
    for i in range(n):
        x = x * 0.5 + 1.25
    return x
print(f(200))
