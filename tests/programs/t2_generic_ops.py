# Hot loop over operations unlikely to be specialized: % // ** << >> & | ^ unary - not ~, `in`, slicing, formatting, tuples, containers.
acc = 0
bits = 0
for i in range(1, 1500):
    a = i * 37 % 1001
    b = i % 13 + 1
    acc += a % b + a // b - (-a) // b + (-a) % b
    acc += (b ** 3) % 1000 + 2 ** (i % 20)
    bits ^= (a << (i % 9)) | (a >> (i % 5))
    bits &= (1 << 40) - 1
    acc += ~a + (-b) + (not a % 3) + (not not b)
    if i % 150 == 0:
        print("arith", i, acc, bits, a % -b, -a // b, (-a) ** 3 // 7)
print("arith", acc, bits)
# the same ops on floats and big ints, mixed in one loop
fl = 0.0
big = 0
for i in range(1, 800):
    x = i / 7.0
    fl += x % 3.5 + x // 1.5 + (-x) % 2.0 + x ** 0.5
    y = (i + 2 ** 64) * (i % 9 + 1)
    big ^= y << (i % 70)
    big = big % (2 ** 130) - (y >> 3) % 1000
    big = -big if i % 17 == 0 else big
    if i % 100 == 0:
        print("mix", i, round(fl, 6), big, ~big & 0xFFFF, big | 1, big & -big)
print("mix", round(fl, 6), big)
# membership tests on lists, tuples, strings, dicts, sets in a hot loop
words = ["alpha", "beta", "gamma", "delta", "eps"]
letters = "aeiou"
lookup = {"beta": 2, "eps": 5}
small = {1, 3, 5, 7, 11}
cnt = [0, 0, 0, 0, 0, 0]
for i in range(2000):
    w = words[i % 5]
    if w in words[: i % 5 + 1]:
        cnt[0] += 1
    if w[-1] in letters:
        cnt[1] += 1
    if w in lookup:
        cnt[2] += lookup[w]
    if i % 13 in small:
        cnt[3] += 1
    if "ta" in w:
        cnt[4] += 1
    if i not in (3, 300, 1999):
        cnt[5] += 1
print("in", cnt)
# slicing with steps and negative bounds, on lists, tuples and strings
src = list(range(40))
tsrc = tuple(src)
ssrc = "abcdefghijklmnopqrstuvwxyz0123456789"
sl = 0
parts = []
for i in range(1200):
    lo = i % 17 - 8
    hi = i % 23
    st = (i % 5 - 2) or 1
    l = src[lo:hi:st]
    t = tsrc[hi:lo:-1]
    s = ssrc[lo:hi:st]
    sl += len(l) + sum(l) + len(t) + len(s)
    if i % 113 == 0:
        parts.append(s)
        print("slice", i, lo, hi, st, l[:4], t[:3], repr(s))
print("slice", sl, parts)
# string formatting of many kinds in a hot loop
fmt_out = []
h = 0
for i in range(900):
    v = i * 1.37 - 400
    s1 = f"{i:5d}|{v:9.3f}|{i:x}|{i:o}|{i:b}|{v:+.2e}"
    s2 = "%d-%s-%5.1f-%r" % (i, str(i % 7), v, "q" * (i % 3))
    s3 = "{}:{:>6}:{:<4}:{:^7}".format(i, i * i, i % 10, "m")
    s4 = f"{i % 4 == 0!r} {[i % 3, -i]} {(i, 'x')}"
    h = (h * 31 + len(s1) * 7 + len(s2) * 3 + len(s3) + len(s4)) % 1000003
    if i % 97 == 0:
        fmt_out.append(s1)
        print(s1, s2, s3, s4)
print("fmt", h)
# tuple building/unpacking, swaps, starred unpacking
p, q, r = 1, 2, 3
tacc = 0
for i in range(2000):
    p, q, r = q, r, (p + q + r) % 1009
    first, *mid, last = (i, p, q, r, i % 7)
    a2, (b2, c2) = (p, (q, r))
    tacc += first + len(mid) * last + a2 * b2 - c2
    if i % 250 == 0:
        print("tuple", i, p, q, r, mid, tacc)
print("tuple", p, q, r, tacc)
# list/dict/set construction inside the loop; comprehensions included
lst_total = 0
dict_total = 0
set_sizes = []
for i in range(1000):
    lst = [i, i + 1, i * 2, -i]
    lst2 = [x * x for x in lst if x % 2 == 0]
    dct = {"a": i, "b": i % 5, i % 3: "k"}
    dct2 = {k: k * 2 for k in range(i % 6)}
    st = {i % 4, i % 6, i % 9, 0}
    lst_total += sum(lst) + sum(lst2) + len(lst2)
    dict_total += dct["a"] + dct["b"] + len(dct) + sum(dct2.values())
    if i % 99 == 0:
        set_sizes.append(len(st))
        print("build", i, lst2, sorted(dct2.items()), sorted(st), len(dct))
print("build", lst_total, dict_total, set_sizes)
# comparisons chained and mixed with `is` / `is not` / `==` on containers
cmpc = 0
for i in range(1500):
    x = i % 10
    if 2 < x <= 7 != i % 3:
        cmpc += 1
    if [x, 1] == [x, 1] and (x,) < (x, 0) and "a" * x >= "a":
        cmpc += 2
    if (None if x else 0) is None:
        cmpc += 4
    if x is not None and not (x > 5 or x < 1):
        cmpc += 8
print("cmp", cmpc)
