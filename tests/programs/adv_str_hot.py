words = []
for i in range(3000):
    w = str(i)
    if w == w[::-1]:
        words.append(w)
print(len(words), words[-5:])
s = "".join(chr(ord('a') + (i * 7) % 26) for i in range(500))
freq = {}
for ch in s:
    freq[ch] = freq.get(ch, 0) + 1
print(sorted(freq.items())[:5])
res = []
for line in ["a=1", "b = 2", " c= 3 ", "bad", "d=4=5"]:
    if "=" not in line:
        continue
    k, _, v = line.partition("=")
    res.append((k.strip(), v.strip()))
print(res)
out = ""
for i in range(100):
    out += "%03d," % i
print(len(out), out[:20], out[-8:])
text = "the rain in spain falls mainly on the plain " * 50
print(text.count("ain"), text.find("plain", 100), len(text.split()), text[:44].title())
print("-".join(sorted(set(text.split()))), text.replace(" ", "")[:20])
caesar = "".join(chr((ord(c) - 97 + 3) % 26 + 97) if c.isalpha() else c for c in "hello world xyz")
print(caesar)
b = []
for i in range(50):
    b.append(f"{i:>3}:{i * i:<5}|")
print("".join(b)[:60])
cmp = [("abc" < "abd"), ("" < "a"), ("Z" < "a"), ("abc" < "ab"), ("10" < "9")]
print(cmp)
print("abc" * 0, "abc" * -1, "a" * 3 + "b" * 2, "ab" * 10000 == "ab" * 10000)
print(str(1.0), str(10**21 * 1.0), str(0.1 + 0.7), repr("a\nb\\c\x00"), repr("\u2603"), "\u2603", len("\U0001F600"))
