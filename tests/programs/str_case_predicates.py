# upper, lower, title, capitalize and is* predicates.
for s in ["hello world", "HELLO", "MiXeD cAsE", "123abc", "", "o'neil's dog", "élan ÉCOLE"]:
    print(repr(s), s.upper(), s.lower(), s.title(), s.capitalize())
tests = ["123", "abc", "ABC", "aBc", "a1", "   ", "\t\n", "", "12.5", "abc ", "Hello", "UPPER1", "lower2"]
for s in tests:
    print(repr(s), s.isdigit(), s.isalpha(), s.isspace(), s.isalnum(), s.isupper(), s.islower())
counts = [0, 0, 0, 0]
text = "The Quick Brown Fox Jumps Over 13 Lazy Dogs! 42 times.\n" * 40
for ch in text:
    if ch.isdigit():
        counts[0] += 1
    elif ch.isupper():
        counts[1] += 1
    elif ch.islower():
        counts[2] += 1
    elif ch.isspace():
        counts[3] += 1
print(counts)
out = []
for w in text.split()[:12]:
    out.append(w.lower() if w.isupper() or len(w) < 4 else w.upper())
print(out)
