# The shipped `string`: the constants, capwords, and Template (substitute, safe_substitute,
# is_valid, get_identifiers, $$ / $name / ${name}, invalid placeholders with their line and
# column, keyword and mapping lookups, a subclass with its own delimiter), and a hot loop
# substituting templates and classifying characters.
import string
from string import Template

print(repr(string.whitespace), repr(string.ascii_lowercase), repr(string.ascii_uppercase))
print(repr(string.ascii_letters), repr(string.digits), repr(string.hexdigits), repr(string.octdigits))
print(repr(string.punctuation))
print(repr(string.printable), len(string.printable))
print(string.capwords("  hello   wORLD  foo"), "|" + string.capwords("") + "|", string.capwords("ab\tcd\nef"))
print(string.capwords("a-b--c", "-"), string.capwords("x  y", " "), string.capwords("élan vital 3rd"))
try:
    string.capwords("ab", "")
except ValueError as e:
    print(type(e).__name__, e)

t = Template("$who likes ${what}; costs $$5")
print(t.template, t.substitute(who="tim", what="kung pao"), t.substitute({"who": 1, "what": [2]}))
print(t.substitute({"who": "a", "what": "b"}, who="kw"), t.safe_substitute(who="x"), t.safe_substitute())
print(t.is_valid(), t.get_identifiers(), Template.delimiter, Template.idpattern, Template.braceidpattern)
print(Template("$a$b${a}$_c1 ${B2}x $a").get_identifiers(), Template("").get_identifiers(), Template("").substitute())
print(Template("$$$a$$").substitute(a=1), Template("$$a").safe_substitute(a=1), Template("${a}b $ab").substitute(a=1, ab=2))
print(Template("$a1b_ $A").substitute(a1b_="x", A="y"), Template("$ä ${ä}").safe_substitute(), Template("$1 ${} ${a b} $").safe_substitute())
print(Template("x${a").safe_substitute(a=1), Template("${a}}").substitute(a=1), Template("{$a}").substitute(a="q"))

for text in ["abc $", "${a b}", "x\n$1", "${}", "a\n\nb $ ", "$$$", "a\r\nb\rc$!", "ok $a then $"]:
    tt = Template(text)
    try:
        print(repr(tt.substitute(a=1)))
    except ValueError as e:
        print(type(e).__name__, e)
    print(repr(tt.safe_substitute()), tt.is_valid(), tt.get_identifiers())


class Bad:
    def __getitem__(self, key):
        raise KeyError("other")


class Upper:
    def __getitem__(self, key):
        return key.upper()


for call in [lambda: Template("$x").substitute(),
             lambda: Template("$x ${y}").substitute(x=1),
             lambda: Template("$x").substitute({"y": 2}),
             lambda: Template("$x").substitute(Bad()),
             lambda: Template("$x").substitute(Bad(), y=1),
             lambda: Template("$x").substitute(1),
             lambda: Template(5).substitute(),
             lambda: Template(None).safe_substitute(),
             lambda: Template(["$a"]).is_valid(),
             lambda: Template("$a").safe_substitute(Bad(), b=1),
             lambda: Template("$a $b").substitute(Upper()),
             lambda: Template("$a $b").substitute(Upper(), b="kw")]:
    try:
        print(call())
    except (KeyError, ValueError, TypeError) as e:
        print(type(e).__name__, e)


class Percent(Template):
    delimiter = "%"


class Long(Template):
    delimiter = "<<"


print(Percent("%a %% $a %{a} %").safe_substitute(a=5), Percent("%who").substitute(who="me"), Percent.idpattern)
print(Long("<<a << <<<< <<{a}<<b").safe_substitute(a=1), Long("<<x").get_identifiers())
try:
    Percent("100%").substitute()
except ValueError as e:
    print(type(e).__name__, e)

# Hot: fill a template many times, and classify characters with the constants.
row = Template("${name}: $count item(s) at $$$price")
lines = []
for i in range(400):
    lines.append(row.substitute(name="n%d" % (i % 17), count=i % 9, price=i * 3))
print(len(lines), lines[0], lines[399], sum(len(s) for s in lines))
text = "Hello, World! 123 abc_DEF\t(x+y)=z; 0x1F " * 20
counts = [0, 0, 0, 0, 0, 0]
for ch in text:
    if ch in string.ascii_lowercase:
        counts[0] += 1
    elif ch in string.ascii_uppercase:
        counts[1] += 1
    elif ch in string.digits:
        counts[2] += 1
    elif ch in string.punctuation:
        counts[3] += 1
    elif ch in string.whitespace:
        counts[4] += 1
    if ch in string.hexdigits:
        counts[5] += 1
print(counts, sum(counts[:5]) == len(text))
safe = Template("$a-$b-${c}-$$")
acc = 0
for i in range(300):
    acc += len(safe.safe_substitute(a=i, c=i * i))
print(acc, string.capwords(" ".join(["w%d" % i for i in range(5)])))
