memo = {}
def fib(n):
    if n in memo:
        return memo[n]
    r = n if n < 2 else fib(n - 1) + fib(n - 2)
    memo[n] = r
    return r
print(fib(300))
def ack(m, n):
    if m == 0:
        return n + 1
    if n == 0:
        return ack(m - 1, 1)
    return ack(m - 1, ack(m, n - 1))
print(ack(2, 3), ack(3, 3))
def hanoi(n, a, b, c, moves):
    if n == 0:
        return
    hanoi(n - 1, a, c, b, moves)
    moves.append((a, c))
    hanoi(n - 1, b, a, c, moves)
mv = []
hanoi(10, 'A', 'B', 'C', mv)
print(len(mv), mv[:3], mv[-1])
def perms(s):
    if len(s) <= 1:
        return [s]
    return [c + p for i, c in enumerate(s) for p in perms(s[:i] + s[i + 1:])]
print(perms("abcd")[:10], len(perms("abcde")))
def flatten(x):
    if isinstance(x, list):
        out = []
        for y in x:
            out.extend(flatten(y))
        return out
    return [x]
print(flatten([1, [2, [3, [4, [5]]]], [[6]], 7]))
def depth(n):
    try:
        return depth(n + 1)
    except RecursionError:
        return n
d = depth(0)
print(d > 500)
def fact(n):
    return 1 if n <= 1 else n * fact(n - 1)
print(fact(100))
def gcd(a, b):
    return a if b == 0 else gcd(b, a % b)
print(gcd(2**100, 3**60 * 2**7), gcd(1071, 462))
def qs(l):
    if len(l) <= 1:
        return l
    p = l[0]
    return qs([x for x in l[1:] if x < p]) + [p] + qs([x for x in l[1:] if x >= p])
print(qs([(i * 7919) % 1000 for i in range(200)])[:15])
