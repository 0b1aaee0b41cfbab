s = ""
for i in range(20000):
    s += str(i % 10)
print(len(s), s[:20], s[-20:], s.count("7"))
t = ""
for i in range(3000):
    t = t + chr(97 + i % 26)
    if i % 1000 == 999:
        t = t.upper()
print(t[:30], t[-30:], len(t))
words = []
for i in range(500):
    w = "w%d" % i
    words.append(w * (i % 3 + 1))
j = ",".join(words)
print(len(j), j[:50])
parts = j.split(",")
print(len(parts), parts[-1], j.rsplit(",", 2)[-2:], j.partition(",")[0], j.rpartition(",")[2])
text = "The quick brown fox jumps over the lazy dog " * 200
cnt = {}
for w in text.split():
    cnt[w.lower()] = cnt.get(w.lower(), 0) + 1
print(sorted(cnt.items()))
res = []
for i in range(2000):
    x = "  Item-%04d  " % i
    y = x.strip().lower().replace("-", "_")
    if y.startswith("item_00") and y.endswith(("5", "7")):
        res.append(y.title())
print(res)
print("abc".center(11, "*"), "abc".ljust(6, ".") + "|", "abc".rjust(6) + "|", "42".zfill(6), "-42".zfill(6), "+4".zfill(4))
print("a,b,,c".split(","), "a b  c ".split(), " a b ".split(" "), "a\nb\r\nc".splitlines(), "a\nb\n".splitlines(True))
print("hello world".find("o"), "hello".rfind("l"), "hello".index("e"), "aaa".replace("a", "b", 2), "abcabc".count("bc"))
print("Hello".swapcase(), "hello world".capitalize(), "ab12".isalnum(), "12".isdigit(), "  ".isspace(), "Ab Cd".istitle())
print("x".join(map(str, range(10))), "%s-%s" % ("a", "b"), "tab\tx".expandtabs(4), "ßa".upper(), "İ".lower().__len__())
print("abc"[::-1], "abcdef"[1:5:2], "abcdef"[-2:], "abcdef"[:-10], "abcdef"[10:], "a" * 0, "ab" * 3, "abc" < "abd", "Z" < "a")
print("strip".strip("sp"), "xxhixx".lstrip("x"), "xxhixx".rstrip("x"), "a.b.c".split(".", 1), "mississippi".split("ss"))
print("removeprefix".removeprefix("remove"), "file.py".removesuffix(".py"), "abc".casefold())
