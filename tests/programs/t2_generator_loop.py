# :generator-loop: a loop over a generator stays in tier 1 (which resumes the generator as a
# frame of its own loop); the generator's own loop, and a loop over a list, still get traces.
def evens(n):
    for i in range(n):
        if i % 2 == 0:
            yield i


def total(n):
    s = 0
    for x in evens(n):
        s += x
    return s


def squares(xs):
    out = []
    for x in xs:
        out.append(x * x)
    return out


print(total(10))
print(sum(squares(list(range(50)))))
for k in range(5):
    print(k, total(100 * k))
