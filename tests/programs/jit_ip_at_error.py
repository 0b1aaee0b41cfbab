# :ip-at-error: errors raised by uops that can only raise (an unbound local, an empty
# cell) inside hot traces, whose `_SET_IP` the optimizer drops: the handler that catches
# them is tier 1's, and so is the traceback of the last one, which nothing catches (its
# lines are checked by crates/cli/tests/tier2.rs).
def unbound_local(n):
    hits = 0
    total = 0
    for i in range(n):
        if i % 7 == 3:
            del_me = i
        try:
            total += i
            total += del_me
            del del_me
        except UnboundLocalError as e:
            hits += 1
    return hits, total


def empty_cell(n):
    out = []
    def inner(k):
        return k + cell
    for i in range(n):
        try:
            out.append(inner(i))
        except NameError as e:
            out.append(-1)
        if i == n // 2:
            cell = 100
    return sum(out)


def cell_in_loop(n):
    acc = 0
    for i in range(n):
        if i == n - 3:
            del box
        try:
            acc += box
        except NameError:
            acc -= 1
        if i < 2:
            box = 5
    return acc


def deep(n):
    acc = 0
    for i in range(n):
        acc += i
        if i == n - 1:
            del acc
        acc = acc + 1 if i < n - 1 else acc
    return acc


print(unbound_local(3000))
print(empty_cell(3000))
print(cell_in_loop(3000))
deep(3000)
