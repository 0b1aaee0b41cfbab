class InsufficientFunds(Exception):
    def __init__(self, need, have):
        super().__init__(f"need {need}, have {have}")
        self.need = need
        self.have = have
class Account:
    _next = 1
    def __init__(self, owner, balance=0):
        self.owner = owner
        self.balance = balance
        self.id = Account._next
        Account._next += 1
        self.history = []
    def deposit(self, amt):
        if amt <= 0:
            raise ValueError("bad amount %r" % amt)
        self.balance += amt
        self.history.append(("dep", amt))
    def withdraw(self, amt):
        if amt > self.balance:
            raise InsufficientFunds(amt, self.balance)
        self.balance -= amt
        self.history.append(("wd", amt))
    def __repr__(self):
        return f"Account({self.owner!r}, {self.balance:.2f})"
class Savings(Account):
    rate = 0.01
    def accrue(self):
        interest = self.balance * self.rate
        self.deposit(round(interest, 2)) if interest > 0 else None
        return interest
accts = [Account("a%d" % i, i * 10) for i in range(5)] + [Savings("s%d" % i, 100 * i) for i in range(5)]
fails = 0
bad = 0
for t in range(20000):
    a = accts[t % 10]
    b = accts[(t * 7 + 3) % 10]
    amt = (t % 37) * 1.25 - 3
    try:
        a.withdraw(amt)
        b.deposit(amt)
    except InsufficientFunds as e:
        fails += 1
    except ValueError:
        bad += 1
        a.deposit(-amt) if amt < 0 else None
    if t % 1000 == 999:
        for s in accts:
            if isinstance(s, Savings):
                s.accrue()
print(fails, bad)
for a in accts:
    print(a, len(a.history), type(a).__name__)
print(round(sum(a.balance for a in accts), 2))
