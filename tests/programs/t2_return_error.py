# An error raised in a caller after a trace returned into it (:return-to-caller:): the
# traceback has tier 1's lines.
def total(items):
    s = 0
    for x in items:
        s += x
    return s


def caller(items, n):
    acc = 0
    for k in range(n):
        t = total(items)
        acc += t // (n - 1 - k)
    return acc


def main():
    items = list(range(10))
    print(caller(items, 300))


main()
