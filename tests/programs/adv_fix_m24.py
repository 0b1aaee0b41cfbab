print("ABC".find("C", 10), "".find(""), "".find("", 1), "abc".find("", 3), "abc".find("", 4), "abc".rfind("", 1), "abc".count("", 1), "".count(""))
print("hello".startswith("", 6), "hello".endswith("", 6), "abc".find("", 4), "abc".rfind("", 4), "abc".index("", 3))
print("Straße".casefold())
