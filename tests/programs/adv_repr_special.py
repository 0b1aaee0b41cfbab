items = ["plain", "it's", 'say "hi"', "both ' and \"", "back\\slash", "nl\nx", "tab\t", "cr\r", "bell\a", "nul\0", "\x1b[0m", "uni é ñ 中", "\U0001F600", "\x7f", "\u2028", "\ufeff"]
for s in items:
    print(repr(s), len(s))
print(items[:5])
print({"k'": ['v"', ("t\n",)]})
print(repr(["a", 1, 2.5, None, True, (), [], {}, {1: "x"}]))
print(str(("a",)), str(("a", "b")), str([("x", 1.0)]), str({"a": {"b": ["c"]}}))
print("%r" % ("x\ny",), "{!r}".format("q'"), f"{'tab	'!r}")
class E(Exception):
    pass
print([ValueError("x"), KeyError("k"), E(1, "two")])
print(repr(ValueError("a'b")), repr(ValueError('a"b')), repr(KeyError()), repr(E()))
