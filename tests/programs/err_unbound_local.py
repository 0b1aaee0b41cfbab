# Uncaught UnboundLocalError: local read before assignment.
count = 10
def ok():
    return count + 1
print(ok())
def broken(n):
    for i in range(n):
        print("step", i)
    count += 1
    return count
broken(3)
