# from __future__ import annotations: module and class annotations stored as CPython's
# unparsed text, never evaluated (names defined later, odd spacing normalized).
from __future__ import annotations
class T:
    left: T | None
    value:   int
    d: dict[str,   list[int]] = {}
print(T.__annotations__)
x: Undefined[1,   2] = 3
print(__annotations__, x)
