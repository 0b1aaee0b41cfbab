def compute():
    totl = 0
    for i in range(10):
        totl += i
    return total
compute()
