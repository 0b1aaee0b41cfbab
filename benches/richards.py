# richards: a simulation of a small operating-system kernel after Martin
# Richards' classic benchmark: an idle task, a worker, two packet handlers and
# two devices exchange packets through a priority scheduler with task states
# (running, waiting, holding, packet pending).
#
# Usage: richards.py [N [ITERATIONS]]
#   N = number of complete simulations (each runs until the idle task has
#   counted down from 10000). Each iteration prints `#iter SECONDS` to stderr.
#
# Checks: every simulation must end with the published counters, 23246
# packets queued and 9297 holds.
import sys
import time

IDLE = 0
WORKER = 1
HANDLER_A = 2
HANDLER_B = 3
DEVICE_A = 4
DEVICE_B = 5
TASKS = 6

KIND_DEVICE = 0
KIND_WORK = 1
BUFFER = 4

EXPECTED_QUEUED = 23246
EXPECTED_HOLDS = 9297


class Packet:
    def __init__(self, link, dest, kind):
        self.link = link
        self.dest = dest
        self.kind = kind
        self.datum = 0
        self.data = [0] * BUFFER

    def append_to(self, queue):
        self.link = None
        if queue is None:
            return self
        p = queue
        while p.link is not None:
            p = p.link
        p.link = self
        return queue


class Kernel:
    def __init__(self):
        self.tasks = [None] * TASKS
        self.task_list = None
        self.queued = 0
        self.holds = 0

    def find(self, ident):
        t = self.tasks[ident]
        if t is None:
            raise SystemExit(f"richards: no task {ident}")
        return t

    def schedule(self):
        t = self.task_list
        while t is not None:
            if t.holding or (not t.pending and t.waiting):
                t = t.next
            else:
                t = t.run_once()


class Task:
    def __init__(self, kernel, ident, priority, queue, pending, waiting):
        self.kernel = kernel
        self.ident = ident
        self.priority = priority
        self.queue = queue
        self.pending = pending
        self.waiting = waiting
        self.holding = False
        self.next = kernel.task_list
        kernel.task_list = self
        kernel.tasks[ident] = self

    def run_once(self):
        if self.pending and self.waiting and not self.holding:
            packet = self.queue
            self.queue = packet.link
            self.waiting = False
            self.holding = False
            self.pending = self.queue is not None
        else:
            packet = None
        return self.work(packet)

    def work(self, packet):
        raise SystemExit("richards: abstract task")

    def accept(self, packet, current):
        if self.queue is None:
            self.queue = packet
            self.pending = True
            if self.priority > current.priority:
                return self
        else:
            packet.append_to(self.queue)
        return current

    def wait(self):
        self.waiting = True
        return self

    def hold(self):
        self.kernel.holds += 1
        self.holding = True
        return self.next

    def release(self, ident):
        t = self.kernel.find(ident)
        t.holding = False
        if t.priority > self.priority:
            return t
        return self

    def send(self, packet):
        t = self.kernel.find(packet.dest)
        self.kernel.queued += 1
        packet.link = None
        packet.dest = self.ident
        return t.accept(packet, self)


class IdleTask(Task):
    def __init__(self, kernel, count):
        super().__init__(kernel, IDLE, 1, None, False, False)
        self.control = 1
        self.count = count

    def work(self, packet):
        self.count -= 1
        if self.count == 0:
            return self.hold()
        if self.control & 1 == 0:
            self.control = self.control // 2
            return self.release(DEVICE_A)
        self.control = (self.control // 2) ^ 0xD008
        return self.release(DEVICE_B)


class WorkerTask(Task):
    def __init__(self, kernel, queue):
        super().__init__(kernel, WORKER, 1000, queue, True, True)
        self.target = HANDLER_A
        self.letter = 0

    def work(self, packet):
        if packet is None:
            return self.wait()
        self.target = HANDLER_B if self.target == HANDLER_A else HANDLER_A
        packet.dest = self.target
        packet.datum = 0
        for i in range(BUFFER):
            self.letter += 1
            if self.letter > 26:
                self.letter = 1
            packet.data[i] = 64 + self.letter
        return self.send(packet)


class HandlerTask(Task):
    def __init__(self, kernel, ident, priority, queue):
        super().__init__(kernel, ident, priority, queue, True, True)
        self.work_queue = None
        self.device_queue = None

    def work(self, packet):
        if packet is not None:
            if packet.kind == KIND_WORK:
                self.work_queue = packet.append_to(self.work_queue)
            else:
                self.device_queue = packet.append_to(self.device_queue)
        w = self.work_queue
        if w is None:
            return self.wait()
        pos = w.datum
        if pos >= BUFFER:
            self.work_queue = w.link
            return self.send(w)
        d = self.device_queue
        if d is None:
            return self.wait()
        self.device_queue = d.link
        d.datum = w.data[pos]
        w.datum = pos + 1
        return self.send(d)


class DeviceTask(Task):
    def __init__(self, kernel, ident, priority):
        super().__init__(kernel, ident, priority, None, False, True)
        self.parked = None

    def work(self, packet):
        if packet is None:
            p = self.parked
            if p is None:
                return self.wait()
            self.parked = None
            return self.send(p)
        self.parked = packet
        return self.hold()


def simulate():
    k = Kernel()
    IdleTask(k, 10000)
    q = Packet(None, IDLE, KIND_WORK)
    q = Packet(q, IDLE, KIND_WORK)
    WorkerTask(k, q)
    q = Packet(None, DEVICE_A, KIND_DEVICE)
    q = Packet(q, DEVICE_A, KIND_DEVICE)
    q = Packet(q, DEVICE_A, KIND_DEVICE)
    HandlerTask(k, HANDLER_A, 2000, q)
    q = Packet(None, DEVICE_B, KIND_DEVICE)
    q = Packet(q, DEVICE_B, KIND_DEVICE)
    q = Packet(q, DEVICE_B, KIND_DEVICE)
    HandlerTask(k, HANDLER_B, 3000, q)
    DeviceTask(k, DEVICE_A, 4000)
    DeviceTask(k, DEVICE_B, 5000)
    k.schedule()
    return k.queued, k.holds


def bench(n):
    for r in range(n):
        queued, holds = simulate()
        if queued != EXPECTED_QUEUED or holds != EXPECTED_HOLDS:
            raise SystemExit(f"richards: run {r} queued {queued} packets and held {holds} times, "
                             f"expected {EXPECTED_QUEUED} and {EXPECTED_HOLDS}")
    return f"richards n={n} queued={queued} holds={holds}"


def main():
    size = int(sys.argv[1]) if len(sys.argv) > 1 else 30
    iterations = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    first = None
    for it in range(iterations):
        t0 = time.perf_counter()
        line = bench(size)
        t1 = time.perf_counter()
        print(f"#iter {t1 - t0:.6f}", file=sys.stderr)
        if first is None:
            first = line
        elif line != first:
            raise SystemExit(f"richards: iteration {it} gave {line!r}, the first gave {first!r}")
    print(first)


main()
