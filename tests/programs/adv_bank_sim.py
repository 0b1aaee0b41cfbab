class InsufficientFunds(Exception):
    def __init__(self, needed, available):
        super().__init__(f"need {needed}, have {available}")
        self.needed = needed
        self.available = available
class Account:
    _next_id = 1
    def __init__(self, owner, balance=0):
        self.id = Account._next_id
        Account._next_id += 1
        self.owner = owner
        self._balance = balance
        self.history = []
    @property
    def balance(self):
        return self._balance
    def deposit(self, amt):
        self._balance += amt
        self.history.append(("dep", amt))
    def withdraw(self, amt):
        if amt > self._balance:
            raise InsufficientFunds(amt, self._balance)
        self._balance -= amt
        self.history.append(("wd", amt))
    def __repr__(self):
        return f"<{self.id}:{self.owner}:{self._balance}>"
class Savings(Account):
    rate = 0.05
    def add_interest(self):
        interest = round(self._balance * self.rate, 2)
        self.deposit(interest)
        return interest
accts = [Account("a", 100), Savings("b", 1000), Account("c"), Savings("d", 50)]
seed = 42
failures = 0
for step in range(2000):
    seed = (seed * 214013 + 2531011) % 2**32
    acc = accts[seed % 4]
    amt = (seed >> 8) % 200
    try:
        if (seed >> 4) % 3 == 0:
            acc.withdraw(amt)
        else:
            acc.deposit(amt)
    except InsufficientFunds as e:
        failures += 1
        if failures <= 3:
            print("fail", acc.owner, e, e.needed - e.available)
    if step % 500 == 0:
        for a in accts:
            if isinstance(a, Savings):
                a.add_interest()
print(failures, accts)
print([len(a.history) for a in accts], sum(a.balance for a in accts))
print(sorted(accts, key=lambda a: -a.balance)[0].owner, max(accts, key=lambda a: len(a.history)).owner)
