# A module-level loop whose `except ... as err` binds and then deletes the global `err` at
# every pass that raises: the globals dict's keys change all the time. After a few changes
# the dict is no longer watched, so the loop's executors keep their version guards instead
# of being invalidated and rebuilt at every pass.


def check(i):
    if i % 3 == 0:
        raise ValueError(i)
    return i * 2


total = 0
for i in range(3000):
    try:
        total += check(i)
    except ValueError as err:
        total -= len(str(err))
    total += abs(i - 7)
print(total)
print("err" in globals())
