class V:
    def __init__(self, v): self.v = v
    def __add__(self, o): return V(self.v + (o.v if isinstance(o, V) else o))
    def __iadd__(self, o):
        self.v += 100
        return self
    def __repr__(self): return "V(%r)" % self.v
a = V(1)
b = a
a += 1
print(a, b, a is b)
class W:
    def __init__(self, v): self.v = v
    def __add__(self, o): return W(self.v + o)
    def __repr__(self): return "W(%r)" % self.v
x = W(1)
y = x
for i in range(1000):
    x += i
print(x, y, x is y)
t = ([1], 2)
try:
    t[0] += [2]
except TypeError as e:
    print("TE", e)
print(t)
l = [1]
l2 = l
l += [2]
l2 += (3,)
print(l, l is l2)
s = "a"
s2 = s
s += "b"
print(s, s2)
d = {"k": [1]}
d["k"] += [2]
d["k"] *= 2
print(d)
class Acc:
    def __init__(self): self.total = 0
acc = Acc()
for i in range(10000):
    acc.total += i
    acc.total -= i // 2
print(acc.total)
m = [[0] * 3 for _ in range(3)]
for i in range(300):
    m[i % 3][(i * 7) % 3] += i
    m[i % 3][i % 3] //= 2 if i % 5 == 0 else 1
print(m)
n = 10
n **= 3
n %= 7
n <<= 70
n >>= 3
n |= 1
n &= (2**80 - 1)
n ^= 5
print(n)
f = 10.0
f /= 4
f //= 0.3
f **= 0.5
print(f)
class G:
    cnt = 0
G.cnt += 5
g = G()
g.cnt += 1
print(G.cnt, g.cnt)
