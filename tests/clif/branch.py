# A branch inside the loop: a guard on the condition, the other side an exit.
def f(n):
    a = 0
    b = 0
    for i in range(n):
        if i % 3 == 0:
            a += 1
        else:
            b += 2
    return a, b
print(f(300))
