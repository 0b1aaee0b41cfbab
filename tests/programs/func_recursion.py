# Recursive functions: factorial, ackermann, hanoi, permutations, deep recursion ~900.
def fact(n):
    return 1 if n <= 1 else n * fact(n - 1)
print(fact(20), fact(30))
print(len(str(fact(400))))
def ack(m, n):
    if m == 0:
        return n + 1
    if n == 0:
        return ack(m - 1, 1)
    return ack(m - 1, ack(m, n - 1))
print(ack(2, 3), ack(2, 50))
moves = []
def hanoi(n, a, b, c):
    if n == 0:
        return
    hanoi(n - 1, a, c, b)
    moves.append((a, c))
    hanoi(n - 1, b, a, c)
hanoi(10, "A", "B", "C")
print(len(moves), moves[:4], moves[-1])
def perms(xs):
    if len(xs) <= 1:
        return [xs]
    out = []
    for i in range(len(xs)):
        for p in perms(xs[:i] + xs[i + 1:]):
            out.append([xs[i]] + p)
    return out
ps = perms([1, 2, 3, 4, 5])
print(len(ps), ps[:3], ps[-1])
def depth(n):
    if n == 0:
        return 0
    return depth(n - 1) + 1
print(depth(900))
def sum_list(xs):
    if not xs:
        return 0
    return xs[0] + sum_list(xs[1:])
print(sum_list(list(range(500))))
def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)
print(fib(18))
def gcd(a, b):
    return a if b == 0 else gcd(b, a % b)
print(gcd(2 ** 100, 6 ** 50), gcd(1071, 462))
def flatten(x):
    if isinstance(x, list):
        out = []
        for y in x:
            out.extend(flatten(y))
        return out
    return [x]
print(flatten([1, [2, [3, [4, [5]]]], [[6]], 7]))
