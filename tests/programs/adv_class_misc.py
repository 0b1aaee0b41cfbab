class Node:
    __slots__ = ()
class Account:
    interest = 0.02
    accounts = []
    def __init__(self, owner, balance=0):
        self.owner = owner
        self.balance = balance
        Account.accounts.append(self)
    def deposit(self, amt):
        if amt <= 0:
            raise ValueError("bad amount")
        self.balance += amt
        return self
    def __repr__(self):
        return f"Account({self.owner!r}, {self.balance})"
a = Account("ann").deposit(100).deposit(50)
b = Account("ben", 10)
print(a, b, len(Account.accounts), Account.accounts)
b.interest = 0.5
print(a.interest, b.interest, Account.interest)
Account.interest = 0.03
print(a.interest, b.interest)
m = a.deposit
m(1)
print(a.balance, m.__name__ if hasattr(m, '__name__') else '')
f = Account.deposit
f(a, 2)
print(a.balance)
def extra(self):
    return self.owner.upper()
Account.shout = extra
print(a.shout(), b.shout())
a.shout = lambda: "instance-level"
print(a.shout(), b.shout())
class Empty:
    pass
e = Empty()
print(type(e).__name__, Empty.__name__, isinstance(e, object))
class WithDoc:
    "a docstring"
    x = 1
print(WithDoc.__doc__, WithDoc.x)
class Outer:
    class Inner:
        val = 5
    def make(self):
        return self.Inner()
print(Outer().make().val, Outer.Inner.val)
class Chain:
    def __init__(self):
        self.ops = []
    def add(self, v):
        self.ops.append(v)
        return self
print(Chain().add(1).add(2).add(3).ops)
def factory(base):
    class Made:
        b = base
        def get(self):
            return self.b * 2
    return Made
M1, M2 = factory(1), factory("x")
print(M1().get(), M2().get(), M1 is M2)
class CountInst:
    n = 0
    def __init__(self):
        type(self).n += 1
class Sub(CountInst):
    pass
for _ in range(3):
    CountInst()
for _ in range(2):
    Sub()
print(CountInst.n, Sub.n)
class Init:
    def __init__(self, *args, **kw):
        self.args, self.kw = args, kw
i = Init(1, 2, x=3)
print(i.args, i.kw)
try:
    Empty(1)
except TypeError as e:
    print("TypeError", e)
class Ret:
    def __init__(self):
        return None
print(type(Ret()).__name__)
