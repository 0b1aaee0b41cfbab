# A scheduler loop in the shape of richards' `schedule`: the exit trace of the loop starts at
# a branch that goes both ways about equally (:branch-siblings:). Each way gets a trace, and
# the two link to each other at that branch.


class Task:
    def __init__(self, ident, nxt):
        self.ident = ident
        self.holding = ident % 2 == 0
        self.waiting = ident % 3 == 0
        self.count = 0
        self.next = nxt


def schedule(head, rounds):
    total = 0
    for r in range(rounds):
        t = head
        while t is not None:
            if t.holding or (r % 2 == 0 and t.waiting):
                t = t.next
            else:
                t.count += 1
                total += t.ident
                t = t.next
        if r % 7 == 0:
            head.holding = not head.holding
    return total


head = None
for i in range(12):
    head = Task(i, head)
print(schedule(head, 3000))
t = head
while t is not None:
    print(t.ident, t.count)
    t = t.next
