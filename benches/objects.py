# objects: a small class hierarchy, attribute reads and writes, method
# calls (inherited and overridden) and instance creation in a loop.
#
# Usage: objects.py [N [ITERATIONS]]   (N = number of transfers)
#
# A bank of accounts of three classes moves money around through Transfer
# objects created on the fly. Fees go to a fee account and interest is paid
# out of a reserve account, so the total amount of money is an invariant.
# Counters kept on the accounts are checked against counts kept separately.
import sys
import time


class Account:
    kind = "basic"

    def __init__(self, ident, balance):
        self.ident = ident
        self.balance = balance
        self.deposits = 0
        self.withdrawals = 0

    def deposit(self, amount):
        self.balance += amount
        self.deposits += 1

    def withdraw(self, amount):
        if amount > self.balance:
            return 0
        self.balance -= amount
        self.withdrawals += 1
        return amount

    def fee(self, amount):
        return 0

    def describe(self):
        return self.kind


class FeeAccount(Account):
    kind = "fee"

    def __init__(self, ident, balance, rate):
        self.ident = ident
        self.balance = balance
        self.deposits = 0
        self.withdrawals = 0
        self.rate = rate

    def fee(self, amount):
        return amount * self.rate // 1000


class SavingsAccount(FeeAccount):
    kind = "savings"

    def __init__(self, ident, balance, rate, bonus):
        self.ident = ident
        self.balance = balance
        self.deposits = 0
        self.withdrawals = 0
        self.rate = rate
        self.bonus = bonus
        self.earned = 0

    def deposit(self, amount):
        self.balance += amount
        self.deposits += 1
        if amount > 500:
            self.earned += self.bonus


class Transfer:
    def __init__(self, src, dst, amount):
        self.src = src
        self.dst = dst
        self.amount = amount
        self.done = False

    def apply(self, fees):
        src = self.src
        charge = src.fee(self.amount)
        got = src.withdraw(self.amount + charge)
        if got == 0:
            return 0
        self.dst.deposit(self.amount)
        self.done = True
        if charge > 0:
            fees.deposit(charge)
            return 2
        return 1


class Bank:
    def __init__(self, count):
        self.accounts = []
        for i in range(count):
            if i % 3 == 0:
                a = Account(i, 10000 + i)
            elif i % 3 == 1:
                a = FeeAccount(i, 20000 + i, 5 + i % 7)
            else:
                a = SavingsAccount(i, 15000 + i, 2 + i % 5, 1 + i % 4)
            self.accounts.append(a)
        self.fees = Account(-1, 0)
        self.reserve = Account(-2, 10 ** 9)

    def total(self):
        t = self.fees.balance + self.reserve.balance
        for a in self.accounts:
            t += a.balance
        return t

    def pay_interest(self):
        paid = 0
        for a in self.accounts:
            if a.kind == "savings" and a.earned > 0:
                got = self.reserve.withdraw(a.earned)
                a.balance += got
                paid += got
                a.earned = 0
        return paid


def run(n):
    bank = Bank(64)
    start = bank.total()
    accounts = bank.accounts
    count = len(accounts)
    seed = 7
    done = 0
    failed = 0
    charged = 0
    topups = 0
    interest = 0
    for k in range(n):
        seed = (seed * 1103515245 + 12345) % 2147483648
        src = accounts[seed % count]
        dst = accounts[(seed // 64 + 1 + seed % (count - 1)) % count]
        if dst is src:
            dst = bank.fees
        t = Transfer(src, dst, 1 + (seed // 4096) % 1500)
        r = t.apply(bank.fees)
        if r == 0:
            # not enough money: the reserve lends the source some
            failed += 1
            src.deposit(bank.reserve.withdraw(3000))
            topups += 1
        else:
            done += 1
            if r == 2:
                charged += 1
        if k % 1000 == 999:
            interest += bank.pay_interest()
    interest += bank.pay_interest()
    end = bank.total()
    if end != start:
        raise SystemExit(f"objects: money not conserved: {start} -> {end}")
    deposits = bank.fees.deposits
    withdrawals = 0
    kinds = {}
    for a in accounts:
        deposits += a.deposits
        withdrawals += a.withdrawals
        d = a.describe()
        kinds[d] = kinds.get(d, 0) + 1
    # every successful transfer is one withdrawal and one deposit, plus one
    # deposit to the fee account when a fee is charged; each top-up is one
    # more deposit
    if withdrawals != done:
        raise SystemExit(f"objects: {withdrawals} withdrawals for {done} transfers")
    if deposits != done + charged + topups:
        raise SystemExit(f"objects: {deposits} deposits, expected {done + charged + topups}")
    if done + failed != n:
        raise SystemExit(f"objects: {done} + {failed} transfers != {n}")
    summary = ",".join([f"{k}={kinds[k]}" for k in kinds])
    return done, failed, bank.fees.balance, interest, summary


def bench(n):
    done, failed, fees, interest, summary = run(n)
    return f"objects n={n} done={done} failed={failed} fees={fees} interest={interest} {summary}"


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 680000
    iterations = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    first = None
    for it in range(iterations):
        t0 = time.perf_counter()
        line = bench(n)
        t1 = time.perf_counter()
        print(f"#iter {t1 - t0:.6f}", file=sys.stderr)
        if first is None:
            first = line
        elif line != first:
            raise SystemExit(f"objects: iteration {it} gave {line!r}, the first gave {first!r}")
    print(first)


main()
