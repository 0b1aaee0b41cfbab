d = {}
for i in range(30000):
    d[i * 7 % 100003] = i
print(len(d), d[5], sum(d.values()) % 1000)
s = set()
for i in range(30000):
    s.add((i * i) % 65537)
print(len(s))
parts = []
for i in range(20000):
    parts.append(str(i % 10))
j = "".join(parts)
print(len(j), j.count("7"))
l = sorted(((i * 7919) % 30011, i) for i in range(30000))
print(l[:3], l[-1])
t = tuple(range(30000))
print(t[20000], t.index(29999), 7777 in t)
acc = ""
for i in range(20000):
    acc += "x"
print(len(acc))
keys = [str(i) for i in range(15000)]
sd = {}
for k in keys:
    sd[k] = len(k)
print(sum(sd.values()), sd["14999"])
deleted = 0
for k in keys[::2]:
    del sd[k]
    deleted += 1
print(len(sd), deleted)
