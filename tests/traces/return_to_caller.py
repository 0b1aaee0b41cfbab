# A loop's exit trace returns from the loop's frame into its caller (_RETURN_TO_CALLER) and
# goes on there to the caller's back-edge.
def total(xs):
    s = 0
    for x in xs:
        s += x
    return s


def main(n):
    xs = [1, 2, 3]
    acc = 0
    for k in range(n):
        acc += total(xs) * 2
    return acc


print(main(200))
