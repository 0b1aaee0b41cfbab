import sys
def is_even(n):
    return True if n == 0 else is_odd(n - 1)
def is_odd(n):
    return False if n == 0 else is_even(n - 1)
print(is_even(500), is_odd(777))
def depth(n):
    return 0 if n == 0 else 1 + depth(n - 1)
print(depth(900))
sys.setrecursionlimit(5000)
print(sys.getrecursionlimit())
print(depth(4000))
def inf(n):
    return inf(n + 1)
try:
    inf(0)
except RecursionError as e:
    print("RecursionError", e)
sys.setrecursionlimit(200)
try:
    depth(500)
except RecursionError:
    print("limited")
sys.setrecursionlimit(1000)
print(depth(500))
def ack(m, n):
    if m == 0:
        return n + 1
    if n == 0:
        return ack(m - 1, 1)
    return ack(m - 1, ack(m, n - 1))
print(ack(2, 3), ack(3, 3))
memo = {}
def fibm(n):
    if n < 2:
        return n
    if n in memo:
        return memo[n]
    r = fibm(n - 1) + fibm(n - 2)
    memo[n] = r
    return r
print(fibm(500))
def hanoi(n, a, b, c, moves):
    if n:
        hanoi(n - 1, a, c, b, moves)
        moves.append((a, c))
        hanoi(n - 1, b, a, c, moves)
m = []
hanoi(12, 'A', 'B', 'C', m)
print(len(m), m[:3], m[-1])
count = 0
def rec_exc(n):
    global count
    try:
        if n == 0:
            raise ValueError("bottom")
        rec_exc(n - 1)
    finally:
        count += 1
try:
    rec_exc(300)
except ValueError as e:
    print(e, count)
