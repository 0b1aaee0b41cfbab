# Basic arithmetic on ints, precedence, unary ops, mixed int/float.
a = 17
b = 5
print(a + b, a - b, a * b, a / b, a // b, a % b, a ** 2)
print(-a // b, -a % b, a // -b, a % -b, -a // -b, -a % -b)
print(2 + 3 * 4, (2 + 3) * 4, 2 ** 3 ** 2, -2 ** 2, (-2) ** 2)
print(10 - 4 - 3, 100 // 7 // 2, 2 * 3 % 4)
print(+a, -a, ~a, not a, not 0)
print(7 / 2, 8 / 2, 1 / 4, 3 * 1.5, 3 + 0.5, 10 - 0.25)
print(True + True, True * 10, False - 1)
total = 0
for i in range(1, 2001):
    total += i * i - (i // 3) + (i % 7)
print("total", total)
acc = 0.0
for i in range(1, 1001):
    acc += i / 8
print("acc", acc)
x = 1
for i in range(200):
    x = (x * 31 + i) % 1000003
print("lcg", x)
vals = []
for i in range(-10, 11):
    vals.append((i // 3, i % 3, i // -3, i % -3))
print(vals)
print(0 ** 0, 5 ** 0, 0 ** 5, 1 ** 1000)
