# Assigning obj.method = ... on an instance shadows the class method for that instance only.
class Worker:
    def run(self, x):
        return x + 1
w1 = Worker()
w2 = Worker()
total1 = 0
total2 = 0
for i in range(2000):
    if i == 700:
        w1.run = lambda x: x * 2
    if i == 1400:
        del w1.run
    total1 += w1.run(i)
    total2 += w2.run(i)
print(total1, total2)
def make_bound(o):
    return o.run
m = make_bound(w2)
Worker.run = lambda self, x: -x
print(m(5), w2.run(5), w1.run(5))
class Btn:
    def click(self):
        return "default"
b = Btn()
handlers = [lambda: "h0", lambda: "h1", lambda: "h2"]
res = []
for i in range(60):
    if i % 20 == 0:
        b.click = handlers[i // 20]
    res.append(b.click())
print(res[0], res[20], res[40], len(res))
del b.click
print(b.click())
