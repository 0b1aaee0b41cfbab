# Uncaught user-defined exception.
class InsufficientFunds(Exception):
    pass
class Account:
    def __init__(self, balance):
        self.balance = balance
    def withdraw(self, amount):
        if amount > self.balance:
            raise InsufficientFunds("balance %d, requested %d" % (self.balance, amount))
        self.balance -= amount
        return self.balance
acct = Account(100)
for amt in [10, 20, 30, 50]:
    print("withdrew", amt, "left", acct.withdraw(amt))
