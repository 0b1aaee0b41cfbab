# The shipped `itertools`: every iterator it has, islice's argument errors, and hot loops
# over count/islice/chain/product as pidigits-like code uses them.
import itertools as it

print(list(it.islice(it.count(5), 4)), list(it.islice(it.count(1, 3), 2, 9, 2)))
c = it.count(10, 2)
next(c)
print(repr(c), repr(it.count()), repr(it.count(2.5, 0.5)), repr(it.repeat("a", 3)))
print(list(it.repeat(7, 3)), list(it.chain([1, 2], (3,), "ab")), list(it.chain.from_iterable([[1], [2, 3]])))
print(list(it.accumulate([1, 2, 3, 4])), list(it.accumulate([1, 2, 3], lambda x, y: x * y, initial=10)))
print(list(it.compress("abcdef", [1, 0, 1, 0, 1, 1])), list(it.takewhile(lambda x: x < 3, [1, 2, 3, 1])))
print(list(it.dropwhile(lambda x: x < 3, [1, 2, 3, 1])), list(it.filterfalse(None, [0, 1, 2, 0])))
print(list(it.starmap(pow, [(2, 3), (3, 2)])), list(it.pairwise("abcd")))
print([(k, list(g)) for k, g in it.groupby("aaabccaa")], [k for k, g in it.groupby([1, 1, 2, 3, 3])])
print([(k, len(list(g))) for k, g in it.groupby(range(20), key=lambda v: v // 6)])
x, y = it.tee(range(4))
print(list(x), list(y))
print(list(it.zip_longest("ab", "xyz", fillvalue="-")), list(it.product("ab", range(2))))
print(list(it.product([0, 1], repeat=2)), list(it.permutations("abc", 2)), len(list(it.permutations(range(5)))))
print(list(it.combinations("abcd", 2)), list(it.combinations_with_replacement("ab", 2)))
print(list(it.islice(it.cycle("ab"), 5)), list(it.islice("abcdefg", 2, None)))
src = iter(range(10))
print(list(it.islice(src, 0, 5, 2)), next(src))
for bad in [(-1,), ("x",), (1, 2, 0)]:
    try:
        it.islice(range(3), *bad)
    except ValueError as e:
        print("ValueError", e)


def pi_digits(n):
    # The spigot of pyperformance's pidigits, over count/islice/map.
    def gen_x():
        return map(lambda k: (k, 4 * k + 2, 0, 2 * k + 1), it.count(1))

    def compose(a, b):
        aq, ar, as_, at = a
        bq, br, bs, bt = b
        return (aq * bq, aq * br + ar * bt, as_ * bq + at * bs, as_ * br + at * bt)

    def extract(z, j):
        q, r, s, t = z
        return (q * j + r) // (s * j + t)

    def digits():
        z = (1, 0, 0, 1)
        x = gen_x()
        while True:
            y = extract(z, 3)
            while y != extract(z, 4):
                z = compose(z, next(x))
                y = extract(z, 3)
            z = compose((10, -10 * y, 0, 1), z)
            yield y

    return list(it.islice(digits(), n))


d = pi_digits(300)
print("".join(map(str, d[:50])), sum(d))
total = 0
for a, b in it.product(range(40), repeat=2):
    total += a * b
for v in it.chain(range(1000), it.repeat(2, 500)):
    total += v
print(total, sum(1 for _ in it.combinations(range(12), 4)))
