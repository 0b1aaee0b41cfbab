# The shipped `io.StringIO`: print(file=...), write/read/readline/seek/tell, iteration,
# closing, and a hot loop that builds text through a stream.
import io

s = io.StringIO()
print("hello", 42, file=s)
print("x", end="", file=s)
s.write("yz\n")
print(repr(s.getvalue()), s.tell())
s.seek(0)
print(repr(s.readline()), repr(s.read(3)), repr(s.read()))
s.seek(2)
s.write("LL")
print(repr(s.getvalue()))
t = io.StringIO("a\nb\nc")
print(list(t), t.readlines())
t.seek(0)
print(t.readlines())
t.close()
try:
    t.getvalue()
except ValueError as e:
    print("ValueError", e)
try:
    io.StringIO(5)
except TypeError as e:
    print("TypeError", e)


class Recorder:
    def __init__(self):
        self.calls = []

    def write(self, text):
        self.calls.append(text)


r = Recorder()
print("a", 1, 2.5, sep="-", end="!\n", file=r)
print(r.calls)


def board(n):
    out = io.StringIO()
    for y in range(n):
        print(" " * (n - y - 1), end="", file=out)
        for x in range(y + 1):
            print("%s " % ((x * y) % 10), end="", file=out)
        print(end="\n", file=out)
    return out.getvalue()


text = board(60)
print(len(text), text.count("\n"), text[:40].replace(" ", "."))
print(text.splitlines()[-1][-20:])
