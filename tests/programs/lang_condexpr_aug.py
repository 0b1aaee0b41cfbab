# Conditional expressions and augmented assignments.
out = []
for i in range(20):
    out.append("fizzbuzz" if i % 15 == 0 else "fizz" if i % 3 == 0 else "buzz" if i % 5 == 0 else str(i))
print(" ".join(out))
x = 10
x += 5
print(x)
x -= 3
print(x)
x *= 4
print(x)
x //= 5
print(x)
x %= 7
print(x)
x **= 3
print(x)
x /= 4
print(x)
y = 0b1111
y &= 0b1010
print(y)
y |= 0b0101
print(y)
y ^= 0b0011
print(y)
y <<= 3
print(y)
y >>= 2
print(y)
s = "ab"
s += "cd"
s *= 3
print(s)
lst = [1]
alias = lst
lst += [2, 3]
print(lst, alias, lst is alias)
lst *= 2
print(alias)
t = (1,)
t2 = t
t += (2,)
print(t, t2)
d = {"a": 1}
d["a"] += 10
d["b"] = d.get("b", 0) + 1
print(d)
arr = [0] * 5
for i in range(1000):
    arr[i % 5] += i
print(arr)
acc = 1
for i in range(1, 60):
    acc *= 3 if i % 2 else 2
print(acc)
f = 1.0
for i in range(100):
    f *= 1.01
print(f)
class Box:
    pass
b = Box()
b.v = 1
for i in range(100):
    b.v += i
print(b.v)
