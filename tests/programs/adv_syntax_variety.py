x = 1; y = 2; z = x + \
    y
print(z)
def deco_factory(n):
    return lambda f: (lambda *a: f(*a) * n)
decos = [deco_factory(2), deco_factory(3)]
@decos[0]
@decos[1]
def base(v):
    return v + 1
print(base(1))
def ret_star(a):
    return *a, "end"
print(ret_star([1, 2]))
def yield_star():
    yield *range(2), 9
print(list(yield_star()))
[a, b] = 1, 2
(c, d) = [3, 4]
[e, [f, g]] = (5, (6, 7))
print(a, b, c, d, e, f, g)
del (a, b)
del [c, d]
print("e" in dir() or True)
for (p, q) in [(1, 2)]:
    print(p + q)
l = list(range(10))
print(l[::], l[:], l[::-1][::2], l[-3::], l[:-7:-1])
val = 5
print(f"{'yes' if val > 3 else 'no'}", f"{val:{'>' if val else '<'}5}", f"{f'{val}'}", f"{val!r:>4}{val!s:<4}|")
print((lambda: (yield))) if False else None
print(type(...).__name__, ... is Ellipsis)
n = 0
while (n := n + 1) < 5:
    pass
print(n)
print([y for x in range(5) if (y := x * 2) > 4])
if (m := 10) > 5 and (k := m * 2):
    print(m, k)
def kwonly(a, *, b=2, c):
    return a, b, c
print(kwonly(1, c=3))
print(*[1, 2], *(3, 4), sep="|")
nested = {"a": [1, {"b": (2, 3)}]}
print(nested["a"][1]["b"][-1])
t = 1,
print(t, (1), (), ((),), type((1,)).__name__)
s = 'single' "double" '''triple'''
print(s)
print(0x1F, 0o17, 0b1010, 1_000_000, 1e3, 1E-2, .5, 5., 0xdead_beef)
print(-2 ** 2, (-2) ** 2, 2 ** -1, not not 1, -(-1), +-+1, ~~5)
print(1 if 0 else 2 if 0 else 3, [1, 2][True], "abc"[False])
class A: x = 1; y = 2
print(A.x + A.y)
if True: print("inline if")
for i in range(2): print("inline for", i)
while False: pass
def one_liner(): return "one"
print(one_liner())
print(r"\d+\s", 'it\'s', "tab\tnew\\n", "\x41\u0042\N{LATIN SMALL LETTER C}")
lst = [
    1,
    2,  # comment
    3,
]
print(lst)
print(isinstance(print, object), (lambda x, /, y, *, z: x + y + z)(1, 2, z=3))
i = j = k = 0
i += 1; j -= 1; k ^= 7
print(i, j, k)
x = [1, 2, 3]
x[0] += 10; x[-1] *= 2
print(x)
o = type("x", (), {}) if False else None
print(o)
