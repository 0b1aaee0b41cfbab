# round() of floats, sums of 0.1, decimal-looking values.
for i in range(21):
    v = i / 4
    print(v, round(v), round(v, 1), round(-v), round(v + 0.001, 2))
vals = [0.15, 0.25, 0.35, 0.45, 1.15, 2.675, 1.0049999, 9.995, 99.5, 100.5, 123.456, -1.25, -2.55]
for v in vals:
    print(v, round(v, 1), round(v, 2), round(v, 0), round(v, -1), round(v, -2))
acc = 0.0
for i in range(1, 101):
    acc += 0.1
    if i % 10 == 0:
        print(i, acc, round(acc, 10), acc == i / 10)
print(sum([0.1] * 100), 0.1 * 100, 0.1 * 3, 0.1 + 0.1 + 0.1)
t = 0.0
for i in range(5000):
    t += round(i * 0.013, 2)
print("t", t)
print(round(1e20, 2), round(1.23e-5, 6), round(5e-324, 300), round(0.5 + 1e-16), round(2.5), round(3.5), round(-2.5))
