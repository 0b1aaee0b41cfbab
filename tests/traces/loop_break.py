# :loop-bias: the inner loop's back-edge turns hot while its `break` is taken on most
# iterations (short searches first). Both trace modes still close the loop on itself, and the
# `break` is a guard that exits, so the long searches later run in the loop's trace
# (also run by `a_loop_trace_stays_in_its_loop` in crates/cli/tests/tier2.rs).
def steps(limit, n):
    total = 0
    for start in range(n):
        k = 0
        x = start
        while k < 100:
            x = (x * 7 + 3) % 1000
            if x < limit:
                break
            k += 1
        total += k
    return total


print(steps(700, 300))
print(steps(5, 200))
