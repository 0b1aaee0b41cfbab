# strip/lstrip/rstrip, replace, count.
s = "   hello world   "
print(repr(s.strip()), repr(s.lstrip()), repr(s.rstrip()))
print("xxhixx".strip("x"), "xyhiyx".strip("xy"), "..a.b..".lstrip("."), "..a.b..".rstrip("."))
print(repr("\t\n spaced \r\n".strip()), repr("".strip()), repr("abc".strip("")))
print("aaa".replace("a", "b"), "aaa".replace("a", "b", 2), "hello".replace("l", ""), "abc".replace("", "-"))
print("banana".replace("an", "AN"), "banana".replace("x", "y"), "aaaa".replace("aa", "b"))
print("banana".count("a"), "banana".count("an"), "banana".count(""), "aaaa".count("aa"), "abc".count("z"))
print("banana".count("a", 2), "banana".count("a", 2, 4))
text = "  the cat sat on the mat  " * 50
t = text.strip()
print(len(text), len(t), t.count("the"), t.count("at"))
r = t.replace("cat", "dog").replace("mat", "rug")
print(r[:60], r.count("dog"))
acc = ""
for i in range(1000):
    acc = (acc + str(i % 10)).strip("0")
print(len(acc), acc[:30])
n = 0
for i in range(2000):
    w = ("  %d  " % i).strip()
    n += len(w.replace("1", "11"))
print("n", n)
