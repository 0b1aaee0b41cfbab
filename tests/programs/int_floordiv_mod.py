# Negative floor division and modulo; big-int // and %.
for a in [7, -7, 0, 1, -1, 13, -13]:
    row = []
    for b in [2, -2, 3, -3, 5, -5]:
        row.append((a // b, a % b))
    print(a, row)
for a in [7.5, -7.5, 0.5, -0.0]:
    print(a, a // 2, a % 2, a // -2, a % -2)
big = 3 ** 100
for m in [7, -7, 10 ** 9 + 7, -(10 ** 9 + 7), 2 ** 64, -(2 ** 64), 3 ** 50]:
    print(m, big // m, big % m, -big // m, -big % m)
acc = 0
for i in range(-5000, 5000):
    acc += i // 7 + i % 7 + (i * 3) // -4 + (i * 3) % -4
print("acc", acc)
x = 10 ** 40
count = 0
while x:
    x //= 3
    count += 1
print("count", count)
print(-1 // 10, -1 % 10, -10 // 10, -11 // 10, 1 // -10, 1 % -10)
print((2 ** 100 + 1) % 2, (-2 ** 100) // 3, (-2 ** 100) % 3)
print(7 % 1.5, -7 % 1.5, 7.0 // 0.1, 1 % 0.1)
