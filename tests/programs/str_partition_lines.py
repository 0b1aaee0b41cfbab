# partition, splitlines, string multiplication and comparisons.
print("key=value=x".partition("="), "novalue".partition("="), "a=".partition("="), "=b".partition("="))
text = "first line\nsecond line\r\nthird\n\nfifth"
print(text.splitlines(), "".splitlines(), "one\n".splitlines(), "a\n\nb\n".splitlines())
print("ab" * 3, 3 * "x", "s" * 0, "-" * 20)
print("abc" < "abd", "abc" < "ab", "B" < "a", "" < "a", "abc" == "a" + "bc")
config = "\n".join("opt%d = %d" % (i, i * i) for i in range(300))
parsed = {}
for line in config.splitlines():
    k, sep, v = line.partition(" = ")
    parsed[k] = int(v)
print(len(parsed), parsed["opt0"], parsed["opt299"], sum(parsed.values()))
n = 0
for i in range(3000):
    head, _, tail = ("p%d.q%d" % (i, i % 10)).partition(".")
    n += len(head) * len(tail)
print("n", n)
