# zfill, center, ljust, rjust, format().
print("42".zfill(5), "-42".zfill(5), "+7".zfill(4), "abc".zfill(2), "".zfill(3))
print(repr("ab".center(6)), repr("ab".center(7, "*")), repr("abc".center(2)), repr("a".center(4, "-")))
print(repr("ab".ljust(5)), repr("ab".rjust(5)), repr("ab".ljust(5, ".")), repr("ab".rjust(5, "0")))
print("{} and {}".format("x", "y"), "{0}{1}{0}".format("a", "b"), "{name} is {age}".format(name="Al", age=30))
print("{}-{}".format(1, 2.5), "{{literal}} {}".format(3), "{0} {k}".format(9, k="kw"))
table = []
for i in range(1, 11):
    table.append(str(i).rjust(3) + " | " + str(i * i).ljust(5) + "|" + str(i ** 3).center(7) + "|")
for row in table:
    print(row)
total = 0
for i in range(2000):
    s = str(i).zfill(6)
    total += len(s.center(10)) + int(s)
print("total", total)
lines = []
for i in range(200):
    lines.append("{}:{}".format(i, i % 7))
print(lines[:5], lines[-1])
