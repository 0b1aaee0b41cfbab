class E(Exception):
    def __str__(self):
        return "custom str here"
def rec(n):
    if n == 0:
        raise E()
    rec(n - 1)
rec(50)
