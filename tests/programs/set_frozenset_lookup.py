# a set used as a key of set in/remove/discard stands for the frozenset with its items
s = {frozenset({1}), frozenset({1, 2}), frozenset()}
print({1} in s, {2} in s, set() in s, {1, 2} in s, {2, 1} in s, {3} in s)
print({1} not in s, {5} not in s)
fs = frozenset([frozenset([7]), 3])
print({7} in fs, {8} in fs, 3 in fs)
t = set(s)
t.remove({1})
print(sorted(len(x) for x in t))
t.discard({1, 2})
t.discard({9})
print(sorted(len(x) for x in t))
try:
    t.remove({42})
except KeyError as e:
    print('KeyError', e)
try:
    print([1] in s)
except TypeError as e:
    print('TypeError:', e)
try:
    s.discard([1])
except TypeError as e:
    print('TypeError:', e)
try:
    print({1: 2}[{1}])
except TypeError as e:
    print('TypeError:', e)
try:
    print({frozenset({1}): 'one'}[{1}])
except TypeError as e:
    print('TypeError:', e)
try:
    {frozenset({1})}.difference_update([{1}])
except TypeError as e:
    print('TypeError:', e)
try:
    print({frozenset({1})}.intersection([{1}]))
except TypeError as e:
    print('TypeError:', e)
pool = set()
for i in range(20):
    pool.add(frozenset(range(i % 7)))
hits = 0
for i in range(600):
    probe = set(range(i % 9))
    if probe in pool:
        hits += 1
    if i % 50 == 0:
        pool.discard(probe)
print(hits, len(pool))
removed = 0
work = {frozenset({i, i + 1}) for i in range(300)}
for i in range(300):
    try:
        work.remove({i + 1, i})
        removed += 1
    except KeyError:
        pass
print(removed, len(work))
