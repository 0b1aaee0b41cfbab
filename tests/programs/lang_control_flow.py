# if/elif/else chains, nested conditionals, while loops.
def classify(n):
    if n < 0:
        return "neg"
    elif n == 0:
        return "zero"
    elif n < 10:
        return "small"
    elif n < 100:
        if n % 2 == 0:
            return "medium-even"
        else:
            return "medium-odd"
    else:
        return "large"

counts = {}
for n in range(-50, 500, 3):
    c = classify(n)
    counts[c] = counts.get(c, 0) + 1
for k in sorted(counts):
    print(k, counts[k])

i = 0
steps = 0
while i < 1000:
    if i % 3 == 0:
        i += 7
    elif i % 3 == 1:
        i += 2
    else:
        i += 1
    steps += 1
print("steps", steps, "i", i)

# collatz lengths
best = 0
best_n = 0
for n in range(1, 300):
    m = n
    length = 1
    while m != 1:
        if m % 2 == 0:
            m = m // 2
        else:
            m = 3 * m + 1
        length += 1
    if length > best:
        best = length
        best_n = n
print("collatz", best_n, best)

x = 5
if x:
    print("truthy int")
if not []:
    print("empty list falsy")
if "":
    print("never")
else:
    print("empty str falsy")
if None is None and 0.0 == 0:
    print("none and zero")
