# :branch-only-trace: a comprehension's filter skips one item in three. The loop's trace
# takes the append path; the skip is a side trace that is only the branch's guard and the
# jump back to the loop's executor, so a skipped item stays in tier 2.


def skip(x):
    return x % 3 == 0


def kept(xs):
    return [x for x in xs if not skip(x)]


def run(calls):
    xs = list(range(30))
    total = 0
    for _ in range(calls):
        total += len(kept(xs))
    return total


print(run(4000))
print(kept(list(range(10))))
