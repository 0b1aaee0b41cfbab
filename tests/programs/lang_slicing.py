# Slicing of lists, tuples and strings with steps and negative indices.
lst = list(range(20))
print(lst[2:8], lst[:5], lst[15:], lst[-3:], lst[:-17], lst[-5:-2])
print(lst[::2], lst[1::3], lst[::-1][:5], lst[18:3:-4], lst[-1:-8:-2])
print(lst[100:], lst[-100:3], lst[5:2], lst[::7])
s = "abcdefghijklmnop"
print(s[3:9], s[::-1], s[::3], s[-4:], s[1:-1:2], s[-1], s[0], s[10:2:-3])
t = tuple(range(10))
print(t[2:5], t[::-2], t[-2:], t[:0])
print(lst[-1], lst[-20], s[-16])
total = 0
for i in range(2000):
    chunk = lst[i % 20: i % 20 + 3]
    total += sum(chunk)
print("total", total)
word = "racecar level noon python"
for w in word.split():
    print(w, w == w[::-1], w[len(w) // 2:], w[:len(w) // 2])
n = 0
for start in range(-25, 25, 3):
    for stop in range(-25, 25, 4):
        for step in (1, 2, -1, -3):
            n += len(lst[start:stop:step])
print("n", n)
copy = lst[:]
copy.append(99)
print(len(lst), len(copy), copy is lst)
nested = [[1, 2, 3], [4, 5, 6], [7, 8, 9]]
print([row[::-1] for row in nested[::-1]])
print([row[1] for row in nested])
