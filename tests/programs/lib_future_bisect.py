# The shipped `__future__` and `bisect` modules: feature records, and bisect/insort with
# lo, hi and key, their errors, and a hot insertion-sort loop.
from __future__ import annotations
import __future__
import bisect
from bisect import bisect_left, insort

print(__future__.annotations, __future__.all_feature_names[-2:])
print(__future__.division.getMandatoryRelease(), __future__.CO_FUTURE_ANNOTATIONS)


def annotated(x: SomeUndefinedName) -> list[Nope]:
    return x


print(annotated(3))

a = [1, 2, 2, 2, 5, 9]
print([bisect.bisect(a, x) for x in range(11)], [bisect_left(a, x) for x in range(11)])
print(bisect.bisect_right(a, 2, 2), bisect.bisect_left(a, 2, 0, 2), bisect.bisect(a, 5, hi=4))
b = []
for x in [5, 1, 4, 1, 5, 9, 2, 6, 5, 3]:
    insort(b, x)
    bisect.insort_left(b, -x)
print(b)
words = ["apple", "fig", "banana", "kiwi"]
srt = sorted(words, key=len)
print(bisect.bisect(srt, 4, key=len), bisect.bisect_left(srt, 4, key=len))
bisect.insort(srt, "plum", key=len)
print(srt)
try:
    bisect.bisect(a, 1, -1)
except ValueError as e:
    print("ValueError", e)


def sort_by_insertion(n):
    out = []
    seed = 12345
    for _ in range(n):
        seed = (seed * 1103515245 + 12345) % 2147483648
        insort(out, seed % 1000)
    return out


s = sort_by_insertion(3000)
print(len(s), s[:10], s[-5:], s == sorted(s))
print(sum(bisect.bisect_left(s, k) for k in range(0, 1000, 7)))
