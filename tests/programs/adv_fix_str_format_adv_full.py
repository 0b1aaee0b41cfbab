class P:
    def __init__(self):
        self.x = 3
        self.items = [10, 20]
p = P()
print("{0.x} {0.items[1]} {1[k]} {2[0]}".format(p, {'k': 'v'}, "xyz"))
print("{:>{w}.{p}f}|".format(3.14159, w=10, p=2), "{a}{b}{a}".format(a=1, b=2), "{{}}{}".format(5))
print("a b  c".split(maxsplit=1), "a,b,c".split(sep=",", maxsplit=1), "a b c".rsplit(maxsplit=1), int("101", base=2), sorted([3, 1], key=None, reverse=False))
print("x".center(6), "x".center(6, "-"), "ab".center(5, "*"), "abc".center(2), "é".center(5, "·"))
print("hello".translate({ord("l"): "L", ord("o"): None}) if hasattr(str, 'maketrans') else '', "abc".replace("", "-"), "aaaa".replace("aa", "b"), "ab".find(""), "ab".rfind(""))
print("one two three".split(" ", 0), "a\nb\n".splitlines(True) if True else '', "x".zfill(3), "+5".zfill(4), "hello"[1:-1:2], "12".isdecimal(), "²".isdigit(), "Ⅷ".isnumeric())
print("%-10s|%10s|" % ("left", "right"), "%.3s" % "truncate", "%*d" % (5, 42), "%-*d|" % (5, 42), "%.*f" % (2, 3.14159))
print("tab\tsep".split("\t"), "  lead".index("l"), "ab" "cd", "multi"
      "line", 'single' + "double", """triple "quoted" """, r"raw\n", len(r"\n"))
print("Hello World".startswith("World", 6), "Hello".endswith(("x", "lo")), "abcabc".rindex("b"), "abc".count(""), "aaa".count("aa"))
print(" ".join(w.capitalize() for w in "hello big world".split()), "-".join("abc").upper(), "AbC".lower().islower())
print("%s" % (1,), "%s %s" % (1, 2), "%d%%" % 50, "%5.2f%%" % 12.345, "%x %X %o" % (3054, 3054, 8), "%#x %#o" % (255, 8))
print(str(b) if (b := 5) else "", f"{b=}", f"{b + 1=}", f"{'q'=}")
print("abc" < "abcd", "b" > "abcd", max(["b", "ab", "abc"]), min("zyx"), sorted(["b", "B", "a", "_", "1"]))
print("ABC".isupper(), "123abc".isalnum(), "abc def".isalpha(), "\t\n".isspace(), "".isspace(), "Title Case".istitle())
print("%(name)s is %(age)d years" % {"name": "Bo", "age": 3}, "{0}{1}{0}".format("ab", "cd"), "{:^10}".format("mid"))
