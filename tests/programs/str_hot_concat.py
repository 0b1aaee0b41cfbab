# Strings built in hot loops; indexing and iteration.
s = ""
for i in range(3000):
    s += chr(97 + i % 26)
print(len(s), s[:30], s[-30:])
parts = []
for i in range(5000):
    parts.append(str(i % 100))
joined = "".join(parts)
print(len(joined), joined[1000:1040])
vowels = 0
for ch in joined + s:
    if ch in "aeiou":
        vowels += 1
print("vowels", vowels)
rev = ""
for ch in "abcdefghij" * 50:
    rev = ch + rev
print(rev[:20], len(rev))
count = {}
for ch in s:
    count[ch] = count.get(ch, 0) + 1
print(sorted(count.items())[:5])
pal = 0
for i in range(2000):
    t = str(i)
    if t == t[::-1]:
        pal += 1
print("palindromes", pal)
x = "a"
for i in range(12):
    x = x + x
print(len(x))
