# time module: only monotonic relations are printed.
import time
t1 = time.perf_counter()
n1 = time.perf_counter_ns()
w1 = time.time()
s = 0
for i in range(20000):
    s += i
t2 = time.perf_counter()
n2 = time.perf_counter_ns()
w2 = time.time()
print(s)
print(t2 >= t1, n2 >= n1, w2 >= w1)
print(type(t1).__name__, type(n1).__name__, type(w1).__name__)
print(w1 > 1600000000, (t2 - t1) < 60, (n2 - n1) >= 0)
prev = time.perf_counter()
mono = True
for i in range(1000):
    now = time.perf_counter()
    if now < prev:
        mono = False
    prev = now
print("monotonic", mono)
