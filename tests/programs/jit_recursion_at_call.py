# A RecursionError raised where a trace enters a frame (`_PUSH_FRAME`, whose `_SET_IP` the
# optimizer drops: the frame push names the call itself, :ip-at-error:). The loop in
# `deep` is hot before the recursion starts; at the bottom of the recursion its call of
# `h` (or `k`'s of `h`) raises, and the traceback's innermost entries are the calls' lines.


D = {0: 1, 1: 2, 2: 3}


def h(i):
    return i + 1


def k(i, j):
    return h(
        D[i % 3],
    ) + j


def deep(n):
    if n > 0:
        return deep(n - 1)
    t = 0
    for i in range(50):
        t += h(i)
        # The call's line is not its arguments': the last `_SET_IP` before the frame push
        # (before the dict lookup, which may raise or escape) names the next line.
        t += k(
            D[i % 3],
            2,
        )
    return t


for _ in range(200):
    deep(0)
print(deep(3))
# Uncaught: every engine's traceback must end at the call in the loop (tier 1's lines).
for depth in range(900, 1100):
    deep(depth)
