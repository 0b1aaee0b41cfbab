print(10**20 in range(10**21))
