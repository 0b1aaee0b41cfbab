# :short-open-trace: a generator expression's loop runs a few instructions and then yields,
# which tier 2 cannot run: a trace from its loop head would leave at once on every entry.
# It is not installed (counted as short_open_trace), and neither is one from the loop head
# of `total`, which leaves at the call that makes the generator; the loop of `plain`, which
# closes, is. The output is CPython's whatever tier 2 does.
def total(vec, cols):
    n = 0
    for k in range(300):
        n += len(set(vec[i] + i for i in cols))
        n += sum(x for x in vec if x > k % 8)
    return n


def gen(limit):
    i = 0
    while i < limit:
        yield i * 2
        i += 1


def plain(n):
    s = 0
    for i in range(n):
        s += i * i
    return s


print(plain(1000))
print(total((1, 2, 3, 4, 5, 6, 7, 0), range(8)))
t = 0
for x in gen(500):
    t += x
print(t, sum(gen(500)), list(gen(5)))
