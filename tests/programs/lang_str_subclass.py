# Subclassing str: instances are strs with attributes of their own; str methods return
# plain strs; __new__, __init__, __repr__, __str__, __eq__ and __hash__ overrides win;
# dicts and sets use the overrides (or the str hash when none); str() with an encoding.

class Word(str):
    pass


w = Word("hello")
print(w, repr(w), type(w).__name__, len(w), w.upper(), type(w.upper()).__name__)
print(w == "hello", "hello" == w, hash(w) == hash("hello"), {w: 1}["hello"], {"hello": 2}[w])
w.count_seen = 5
print(w.count_seen, w + "!", type(w + "!").__name__, w[1:3], type(w[1:3]).__name__, w * 2)
print(isinstance(w, str), issubclass(Word, str), Word.__mro__, w.__dict__)
print(str(w), type(str(w)).__name__, f"{w}", f"{w:>8}|", "%s|%r" % (w, w), "{}".format(w))
print(w.center(3), type(w.center(3)).__name__, type(w.zfill(2)).__name__, w.split("l"))
print(Word(), repr(Word()), bool(Word()), bool(Word("x")), Word(12), Word(b"ab"), Word([1]))


class Tag(str):
    def __new__(cls, value, level=0):
        obj = super().__new__(cls, value)
        obj.level = level
        return obj

    def __repr__(self):
        return f"Tag({str.__repr__(self)}, {self.level})"

    def __str__(self):
        return "<" + str.__str__(self) + ">"

    def shout(self):
        return self.upper() + "!"


t = Tag("div", 3)
print(repr(t), str(t), f"{t}", "%s" % t, t.shout(), t.level, [t], (t,))
print(t.startswith("d"), "i" in t, list(t), sorted([Tag("b", 1), Tag("a", 2)]))
print(str.__str__(t), type(str.__str__(t)).__name__, "-".join([t, t]), t < "e", max(t))


class Remembered(str):
    def __init__(self, value):
        self.original = value


r = Remembered(3.5)
print(r, r.original, type(r.original).__name__, float(r) * 2, int(Remembered("42")) + 1)


class NoCase(str):
    def __eq__(self, other):
        return str.__eq__(self.lower(), other.lower())

    __hash__ = str.__hash__


class Fuzzy(str):
    def __eq__(self, other):
        return True


class Folded(str):
    def __hash__(self):
        return hash(self.lower())

    def __eq__(self, other):
        return isinstance(other, str) and self.lower() == other.lower()


print(NoCase("AbC") == "abc", NoCase("x") != "y", hash(NoCase("ab")) == hash("ab"), NoCase("AB") in ["ab"])
print({NoCase("k"): 1}.get("k"), "ab" in [NoCase("AB")], "ab" in (NoCase("AB"),))
try:
    hash(Fuzzy("a"))
except TypeError as e:
    print("TypeError:", e)
seen = {Folded("Q"): 1, Folded("q"): 2}
print(seen, Folded("Q") in {Folded("q")}, Folded("a") in {"A"}, hash(Folded("Z")) == hash("z"))

counts = {}
for i in range(300):
    key = Word("abc"[i % 3])
    counts[key] = counts.get(key, 0) + 1
    if i % 100 == 0:
        print(i, key, type(key).__name__, sorted(counts.items()))
print(counts, [type(k).__name__ for k in counts])

folded = {}
for i in range(200):
    k = Folded("aAbB"[i % 4])
    folded[k] = folded.get(k, 0) + i
print(folded)

print(str(b"abc", "ascii"), str(b"h\xc3\xa9", encoding="utf-8"), str(), str(object=5))
print(str(b"\xffz", "ascii", "ignore"), str(b"ab", errors="strict"))
for bad in [
    lambda: str(1, 2),
    lambda: str("a", "utf-8"),
    lambda: str(5, "utf-8"),
    lambda: str(b"\xff", "ascii"),
    lambda: str(x=1),
    lambda: str(1, 2, 3, 4),
]:
    try:
        print(bad())
    except Exception as e:
        print(type(e).__name__ + ":", e)
print("x", Tag("y"), sep=Tag("|"), end=Word("\n"))
print("done", end=Tag("."))
print()
