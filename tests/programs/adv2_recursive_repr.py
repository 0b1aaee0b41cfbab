l = [1, 2]
l.append(l)
print(l, len(l), l[2][2][0])
d = {"a": 1}
d["self"] = d
print(d)
a = [1]
b = [a]
a.append(b)
print(a, b)
t = (l, 5)
print(t)
nested = [[l, d], {"k": [d]}]
print(nested)
class Node:
    def __init__(self, v):
        self.v = v
        self.next = None
    def __repr__(self):
        return "Node(%r)" % (self.v,)
n = Node(1)
n.v = [n]
print(n)
print(str(l), repr(d), "%s" % [l], f"{l!r}")
s = [[]] * 3
s[0].append(1)
print(s)
