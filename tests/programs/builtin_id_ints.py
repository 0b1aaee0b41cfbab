# id() of ints, small and big, next to objects': equal for the same object, distinct for
# different live objects, never negative, and usable as dict keys (copy.deepcopy's memo).
import copy

ints = [0, 1, -1, 2, -2, 255, 256, -5, 2**30, -2**30, 2**45, -2**45, 2**46, -2**46, 2**47,
        2**61, -2**61, 2**62, 2**63, -2**63, 2**64 + 1]
objs = [[], {}, object(), "text", 1.5, (1, 2), ints]
keep = ints + objs
ids = [id(x) for x in keep]
print(len(set(ids)) == len(keep))
print(all(i >= 0 for i in ids))
print(all(id(x) == i for x, i in zip(keep, ids)))
print(id(7) == id(7), id(7) != id(8), id(-3) != id(3))
memo = {}
for x in keep:
    memo[id(x)] = x
print(all(memo[id(x)] is x for x in keep))
data = {"a": [1, 1, 2], "b": (ints, ints), "c": [objs, objs]}
c = copy.deepcopy(data)
print(c == data, c["b"][0] is c["b"][1], c["c"][0] is c["c"][1], c["a"] is not data["a"])
