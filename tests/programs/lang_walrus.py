# Assignment expressions (walrus).
data = [3, 8, 1, 9, 4, 12, 7]
if (n := len(data)) > 5:
    print("long list", n)
big = [y for x in data if (y := x * 2) > 10]
print(big, y)
i = 0
while (i := i + 1) < 5:
    print("i", i)
total = 0
it = iter(range(10000))
while (v := next(it, None)) is not None:
    total += v
print("total", total)
def chunks(s, k):
    out = []
    pos = 0
    while (piece := s[pos:pos + k]):
        out.append(piece)
        pos += k
    return out
print(chunks("abcdefghij", 3))
cnt = 0
for x in range(1000):
    if (r := x % 17) == 3:
        cnt += r
print("cnt", cnt)
print((z := 5) + z)
