# Uncaught NameError for an undefined global.
total = 0
for i in range(1000):
    total += i
print("total", total)
def compute():
    return total + undefined_variable_xyz
print("calling compute")
compute()
