tot = 0
for i in range(10000):
    assert i >= 0, "negative"
    tot += i
print(tot)
try:
    assert tot < 0, "tot was %d" % tot
except AssertionError as e:
    print("AE", e, e.args)
try:
    assert False
except AssertionError as e:
    print("AE2", repr(e))
assert 1 == 2, ("tuple", 1)
